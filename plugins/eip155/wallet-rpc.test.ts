import { describe, expect, it } from 'vitest'
import { connect, disconnect, request, walletCancelRequested } from '../../kernel/index'
import { grantPermissions, revokePermissions, signTypedData } from './index'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()

/** Whether a promise has settled, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state = { status: 'pending' as 'pending' | 'settled' }
  promise.then(
    () => (state.status = 'settled'),
    () => (state.status = 'settled'),
  )
  return state
}

const typed = { types: { A: [{ name: 'a', type: 'uint256' }] }, primaryType: 'A', message: { a: 1n } } as const

describe('request: any allowed method, through the log', () => {
  it('sends reads to the connected wallet and answers eth_chainId and eth_accounts from the state', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    expect(await request(h.latch, { method: 'eth_blockNumber' })).toBe(await rpc(chains.a.url, 'eth_blockNumber'))
    expect(await request(h.latch, { method: 'eth_getBalance', params: [anvilAccounts[0], 'latest'] })).toBe(await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[0], 'latest']))
    const asked = h.wallet.calls.length
    expect(await request(h.latch, { method: 'eth_chainId' })).toBe('0x7a69')
    expect(await request(h.latch, { method: 'eth_accounts' })).toEqual([anvilAccounts[0]])
    expect(await request(h.latch, { method: 'eth_requestAccounts' })).toEqual([anvilAccounts[0]])
    expect(h.wallet.calls.length).toBe(asked)
  })

  it('refuses an answer that is not JSON, or a hostile one, with INVALID_RESPONSE', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    // Not a thenable (a throwing `then` rejects like a wallet error), but every other read throws.
    const trap = () => {
      throw new Error('trap')
    }
    const hostile = new Proxy({}, { get: (_target, key) => (key === 'then' ? undefined : trap()), ownKeys: trap, getPrototypeOf: trap })
    for (const junk of [10n, () => 1, hostile, { huge: 'x'.repeat(210_000) }]) {
      h.wallet.override('eth_blockNumber', () => junk)
      await expect(request(h.latch, { method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    }
  })

  it("refuses a method outside the allowed ones with RPC_NOT_ALLOWED, in the log, without asking the wallet", async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const error = await request(h.latch, { method: 'anvil_setBalance', params: [anvilAccounts[0], '0x0'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    expect((error as Error).message).toContain('Requested RPC call is not allowed')
    expect(h.wallet.methods()).not.toContain('anvil_setBalance')
    expect(h.latch.exportLog().events.at(-1)).toMatchObject({ type: 'wallet/rpcFailed', payload: { error: { code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' } } })
  })

  it('grants and revokes permissions through the wallet, checking what it answers', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const granted = { expiry: 1_900_000_000, permissionsContext: '0x01', grantedPermissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' }, policies: [] }] }
    h.wallet.override('wallet_grantPermissions', () => granted)
    const params = { chainId: '0x7a69', expiry: 1_900_000_000, signer: { type: 'account', data: { id: anvilAccounts[1] } }, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: 1n }, policies: [] }] }
    await expect(grantPermissions(h.latch, params)).resolves.toEqual(granted)
    expect(h.wallet.calls.at(-1)).toMatchObject({ method: 'wallet_grantPermissions', params: [{ permissions: [{ data: { allowance: '0x1' } }] }] })
    h.wallet.override('wallet_grantPermissions', () => 'granted!')
    await expect(grantPermissions(h.latch, params)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    await expect(revokePermissions(h.latch, { eth_accounts: {} })).resolves.toBeNull()
    h.wallet.override('wallet_revokePermissions', () => 'ok')
    await expect(revokePermissions(h.latch, { eth_accounts: {} })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})

describe('safe and unsafe requests (docs/behaviour.md, "Wallet requests")', () => {
  it('gives a prompt 5 minutes and a read 10 seconds, on virtual time', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.hold('wallet_grantPermissions')
    h.wallet.hold('eth_getCode')
    const prompt = grantPermissions(h.latch, { expiry: 1, permissions: [] })
    const read = request(h.latch, { method: 'eth_getCode', params: [anvilAccounts[1], 'latest'] })
    const promptState = track(prompt)
    await Promise.all([h.wallet.called('wallet_grantPermissions'), h.wallet.called('eth_getCode')])
    h.t.advance(10_000)
    await expect(read).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    expect(promptState.status).toBe('pending')
    h.t.advance(290_000)
    await expect(prompt).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT', shortMessage: 'Request was aborted' })
  })

  it('a pending unsafe request is aborted when the visitor rejects; a pending read goes on', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.hold('eth_signTypedData_v4')
    h.wallet.hold('wallet_sendCalls')
    h.wallet.hold('eth_getCode')
    const unsafe = signTypedData(h.latch, typed)
    const batch = request(h.latch, { method: 'wallet_sendCalls', params: [{ calls: [{ to: anvilAccounts[1] }] }] })
    const pendingRead = request(h.latch, { method: 'eth_getCode', params: [anvilAccounts[1], 'latest'] })
    const read = track(pendingRead)
    await Promise.all(['eth_signTypedData_v4', 'wallet_sendCalls', 'eth_getCode'].map((method) => h.wallet.called(method)))

    h.latch.dispatch(walletCancelRequested({}, { ns: 'eip155' }))
    await expect(unsafe).rejects.toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })
    await expect(batch).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(read.status).toBe('pending')
    // The read was never aborted: it ends only by its own 10 s timeout, on virtual time.
    h.t.advance(10_000)
    await expect(pendingRead).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('a pending unsafe request is aborted when the visitor disconnects; a pending read goes on', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.hold('wallet_sendCalls')
    h.wallet.hold('eth_getCode')
    const batch = request(h.latch, { method: 'wallet_sendCalls', params: [{ calls: [{ to: anvilAccounts[1] }] }] })
    const pendingRead = request(h.latch, { method: 'eth_getCode', params: [anvilAccounts[1], 'latest'] })
    const read = track(pendingRead)
    await Promise.all([h.wallet.called('wallet_sendCalls'), h.wallet.called('eth_getCode')])
    await disconnect(h.latch)
    await expect(batch).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(read.status).toBe('pending')
    h.t.advance(10_000)
    await expect(pendingRead).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })
})
