/**
 * The frame's wallet app speaking for the embedded wallet's smart account (docs/embedded-frame.md, "Smart accounts: the
 * frame's requests"), against the real wallet service and dev inbox (the login, the secret), a real anvil (the EOA's
 * batch) and an in-memory stand-in of the smart-account library (frame/app/smart-account.ts): counterfactual addresses,
 * an account deployed by its first operation, receipts, and every submit counted and checked (signed by the owner, never
 * twice). `approve` stands for the visitor's click.
 */
import fc from 'fast-check'
import { createPublicClient, hashMessage, hashTypedData, http, keccak256, parseEther, recoverAddress, toHex, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { deriveKeys } from '../../services/wallet/src/crypto'
import { startDevInbox, type DevInbox } from '../../services/wallet/src/dev-inbox'
import { smtpMailer, type Mailer } from '../../services/wallet/src/mailer'
import { startWalletService, type WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { virtualClock } from '../../services/wallet/testing'
import { FrameRequestError } from '../channel'
import { serviceClient } from './service-client'
import { SmartAccountError } from './smart-account'
import { magic6492, memoryFrameStorage, memorySmartAccounts as fakeSmartAccounts, type MemorySmartAccounts as Fake } from './testing'
import { activeAccountType, atomicUnsupported, missingCapabilitiesAddress, notOurAddress, sponsoredFee, unknownBundle, userRejected, walletApp, type ApprovalRequest, type FrameStorage } from './wallet-app'

const clock = virtualClock()
let inbox: DevInbox
let mailer: Mailer
let service: WalletService
let anvil: Anvil
beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
  const keys = deriveKeys(new TextEncoder().encode('latch wallet frame-app smart-account test secret, 32+ bytes'))
  anvil = await startAnvil({ chainId: 31337 })
  service = await startWalletService({ store: memoryStore({ now: clock.now }), keys, mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now })
})
afterAll(async () => {
  await anvil?.stop()
  await service?.stop()
  mailer?.close()
  await inbox?.stop()
})

const enabledChain = 31337
const otherChain = 31338
const solanaLocal = 'solana:localnet'
const context = { id: 'req-1', parentOrigin: 'http://127.0.0.1:5173' }

/** How the visitor answers each approval: Approve, Reject, `wait` (until the page withdraws it) or a function of the request. */
type Answer = boolean | 'wait' | ((request: ApprovalRequest) => boolean)

function frame(storage: FrameStorage, smart: Fake | undefined, answers: Answer[] = []) {
  const asked: ApprovalRequest[] = []
  const app = walletApp({
    client: serviceClient({ baseUrl: service.url }),
    storage,
    approve: async (request, signal) => {
      asked.push(request)
      const answer = answers.shift() ?? false
      if (typeof answer === 'function') return answer(request)
      if (answer !== 'wait') return answer
      return new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true }))
    },
    rpcUrl: (chainId) => (chainId === enabledChain ? anvil.url : undefined),
    defaultChainId: `eip155:${enabledChain}`,
    defaultSolanaChainId: solanaLocal,
    ...(smart ? { smartAccounts: smart } : {}),
  })
  const h = app.handlers as Required<typeof app.handlers>
  return { app, h, asked, answers }
}

async function codeFor(email: string): Promise<string> {
  const messages = (await (await fetch(`${inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
  const code = messages[0]?.code
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

async function login(h: ReturnType<typeof frame>['h'], email: string) {
  clock.advance(31_000)
  await h.CONNECT_EMAIL({ email }, context)
  await h.CONNECT_OTP({ otp: await codeFor(email) }, context)
}

/** A logged-in frame with the fake library; `eoa`, `smart` and `solana` its three addresses. */
async function loggedIn(email: string, answers: Answer[] = [], fake = fakeSmartAccounts()) {
  const storage = memoryFrameStorage()
  const f = frame(storage, fake, answers)
  await login(f.h, email)
  const eoa = f.app.address as Hex
  return { ...f, fake, storage, eoa, smart: fake.addressOf(eoa), solana: f.app.solanaAddress as string }
}

const request = (h: ReturnType<typeof frame>['h'], method: string, params?: unknown, id = 'req-1', chainId?: `${string}:${string}`) =>
  Promise.resolve().then(() => h.RPC_REQUEST({ method, ...(params !== undefined ? { params: params as never } : {}), ...(chainId ? { chainId } : {}) }, { ...context, id })) as Promise<{ result: unknown }>
const refusal = (promise: Promise<unknown>) => promise.then(
  () => undefined,
  (error: unknown) => {
    expect(error).toBeInstanceOf(FrameRequestError)
    return (error as Error).message
  },
)

describe('the active EVM account', () => {
  it('is the smart account by default on an enabled network, the EOA elsewhere; GET_USER lists every account, the active first', async () => {
    const { h, app, eoa, smart, solana } = await loggedIn('sa-user@example.com')
    expect(app.preferences.preferredAccountType).toBe('smartAccount')
    expect(await h.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, context)).toEqual({ smartAccountEnabledNetworks: [enabledChain] })
    expect(await h.GET_USER({ chainId: `eip155:${enabledChain}` }, context)).toMatchObject({
      address: smart,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      accounts: [
        { address: smart, type: 'smartAccount' },
        { address: eoa, type: 'eoa' },
        { address: solana, type: 'eoa' },
      ],
    })
    expect(await h.GET_USER({ chainId: `eip155:${otherChain}` }, context)).toMatchObject({
      address: eoa,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: solana, type: 'eoa' },
      ],
    })
    expect(await h.GET_USER({ chainId: solanaLocal }, context)).toMatchObject({
      address: solana,
      preferredAccountType: 'eoa',
      accounts: [
        { address: solana, type: 'eoa' },
        { address: eoa, type: 'eoa' },
      ],
    })
    expect(await request(h, 'eth_accounts')).toEqual({ result: [smart] })
    expect(await request(h, 'eth_requestAccounts', undefined, 'r2', `eip155:${otherChain}`)).toEqual({ result: [eoa] })
  })

  it('SET_PREFERRED_ACCOUNT and GET_USER’s preferredAccountType store the preference; the answer is the active account', async () => {
    const storage = memoryFrameStorage()
    const fake = fakeSmartAccounts()
    const { h, app } = frame(storage, fake)
    await login(h, 'sa-switch@example.com')
    const eoa = app.address as Hex
    const smart = fake.addressOf(eoa)
    expect(await h.SET_PREFERRED_ACCOUNT({ type: 'eoa' }, context)).toEqual({ type: 'eoa', address: eoa })
    expect(await h.GET_USER({ chainId: `eip155:${enabledChain}` }, context)).toMatchObject({ address: eoa, preferredAccountType: 'eoa', accounts: [{ address: eoa, type: 'eoa' }, { address: smart, type: 'smartAccount' }, { type: 'eoa' }] })
    expect(await request(h, 'eth_accounts')).toEqual({ result: [eoa] })
    expect(await h.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, context)).toEqual({ type: 'smartAccount', address: smart })
    // GET_USER's preference is stored before it answers, and kept across a reload.
    expect(await h.GET_USER({ chainId: `eip155:${enabledChain}`, preferredAccountType: 'eoa' }, context)).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    const reloaded = frame(storage, fake)
    await reloaded.app.restore()
    expect(reloaded.app.preferences.preferredAccountType).toBe('eoa')
    expect(await reloaded.h.GET_USER({ chainId: `eip155:${enabledChain}`, preferredAccountType: 'smartAccount' }, context)).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    // On a network without smart accounts the smart-account preference answers the EOA.
    await reloaded.h.SWITCH_NETWORK({ chainId: `eip155:${otherChain}` }, context)
    expect(await reloaded.h.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, context)).toEqual({ type: 'eoa', address: eoa })
    expect(reloaded.app.preferences.preferredAccountType).toBe('smartAccount')
  })

  it('follows the rule for any preference, network and family (fast-check)', async () => {
    const { h, eoa, smart, solana } = await loggedIn('sa-property@example.com')
    const networks = [
      { chainId: `eip155:${enabledChain}`, family: 'eip155', enabled: true },
      { chainId: `eip155:${otherChain}`, family: 'eip155', enabled: false },
      { chainId: 'eip155:1', family: 'eip155', enabled: false },
      { chainId: solanaLocal, family: 'solana', enabled: false },
    ] as const
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('eoa' as const, 'smartAccount' as const), fc.constantFrom(...networks), fc.boolean(), async (preference, network, viaSet) => {
        if (viaSet) await h.SET_PREFERRED_ACCOUNT({ type: preference }, context)
        const user = await h.GET_USER({ chainId: network.chainId, ...(viaSet ? {} : { preferredAccountType: preference }) }, context)
        const type = activeAccountType(preference, network.family, network.enabled)
        expect(type).toBe(network.family === 'eip155' && network.enabled && preference === 'smartAccount' ? 'smartAccount' : 'eoa')
        expect(user.preferredAccountType).toBe(type)
        expect(user.address).toBe(type === 'smartAccount' ? smart : network.family === 'eip155' ? eoa : solana)
        expect(user.accounts?.[0]).toEqual({ address: user.address, type })
        expect(user.accounts?.map((account) => account.address).sort()).toEqual((network.enabled ? [eoa, smart, solana] : [eoa, solana]).sort())
        if (network.family === 'eip155') expect(await request(h, 'eth_accounts', undefined, 'p', network.chainId)).toEqual({ result: [user.address] })
      }),
      { numRuns: 40 },
    )
  })

  it('without the library (or a chain with no bundler) the wallet is its EOA alone', async () => {
    const { h, app } = frame(memoryFrameStorage(), undefined)
    await login(h, 'sa-none@example.com')
    expect(await h.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, context)).toEqual({ smartAccountEnabledNetworks: [] })
    expect(await h.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, context)).toEqual({ type: 'eoa', address: app.address })
    expect(await h.GET_USER({ chainId: `eip155:${enabledChain}` }, context)).toMatchObject({ address: app.address, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(await request(h, 'wallet_getCapabilities', [app.address])).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } })
  })

  it('a library failure (the node out of reach) answers the request with its message', async () => {
    const fake = fakeSmartAccounts()
    const { h } = await loggedIn('sa-fail-address@example.com', [], fake)
    fake.address = async () => {
      throw new SmartAccountError('RPC', 'The network cannot be reached')
    }
    await expect(h.GET_USER({ chainId: `eip155:${enabledChain}` }, context)).rejects.toEqual(new FrameRequestError('The network cannot be reached'))
    expect(await refusal(request(h, 'eth_accounts'))).toBe('The network cannot be reached')
  })
})

describe('signatures by the smart account', () => {
  it('personal_sign: approved first, the owner signs the library’s digest of the EIP-191 hash; EIP-6492 before deployment, ERC-1271 after', async () => {
    const { h, fake, eoa, smart, asked } = await loggedIn('sa-sign@example.com', [false, true, true, true])
    const message = toHex('Sign in to the dapp')
    expect(await refusal(request(h, 'personal_sign', [message, smart]))).toBe(userRejected)
    expect(asked[0]!.lines).toEqual(['Sign in to the dapp', `Network: eip155:${enabledChain}`, `Account: ${smart} (smart account)`])

    const before = (await request(h, 'personal_sign', [message, smart])).result as Hex
    const digest = (await fake.signable(enabledChain, eoa, hashMessage({ raw: message }))).digest
    expect(before.endsWith(magic6492.slice(2))).toBe(true)
    expect(await recoverAddress({ hash: digest, signature: before.slice(0, 132) as Hex })).toBe(eoa)

    fake.deployed.add(smart.toLowerCase())
    const after = (await request(h, 'personal_sign', [message, smart.toLowerCase()])).result as Hex
    expect(after).toHaveLength(132)
    expect(await recoverAddress({ hash: digest, signature: after })).toBe(eoa)
    // The EOA named: its own EIP-191 signature, as before.
    const own = (await request(h, 'personal_sign', [message, eoa])).result as Hex
    expect(await recoverAddress({ hash: hashMessage({ raw: message }), signature: own })).toBe(eoa)
    expect(asked[3]!.lines).toEqual(['Sign in to the dapp', `Account: ${eoa}`])
    // Neither account: refused before anything is shown; nor is the smart account on a network without smart accounts.
    expect(await refusal(request(h, 'personal_sign', [message, '0x000000000000000000000000000000000000dEaD']))).toBe(notOurAddress)
    expect(await refusal(request(h, 'personal_sign', [message, smart], 'r', `eip155:${otherChain}`))).toBe(notOurAddress)
    expect(await refusal(request(h, 'personal_sign', ['hello', smart]))).toBe('Invalid params: message is not hex data')
    expect(asked).toHaveLength(4)
  })

  it('eth_signTypedData_v4: the library’s digest of the EIP-712 hash; malformed typed data refused before the approval', async () => {
    const { h, fake, eoa, smart, asked } = await loggedIn('sa-typed@example.com', [true])
    const typed = { domain: { name: 'Latch', version: '1', chainId: enabledChain }, types: { Mail: [{ name: 'contents', type: 'string' }] }, primaryType: 'Mail', message: { contents: 'hello' } } as const
    const signature = (await request(h, 'eth_signTypedData_v4', [smart, JSON.stringify(typed)])).result as Hex
    const { digest } = await fake.signable(enabledChain, eoa, hashTypedData(typed))
    expect(await recoverAddress({ hash: digest, signature: signature.slice(0, 132) as Hex })).toBe(eoa)
    expect(asked[0]!.title).toBe('Sign this typed data?')
    expect(asked[0]!.lines.at(-1)).toBe(`Account: ${smart} (smart account)`)
    expect(await refusal(request(h, 'eth_signTypedData_v4', [smart, '{nope']))).toBe('Invalid params: the typed data is not JSON')
    expect(await refusal(request(h, 'eth_signTypedData_v4', [smart, { types: {}, primaryType: 'Mail' }]))).toBe('Invalid params: the typed data is not EIP-712 typed data')
    expect(await refusal(request(h, 'eth_signTypedData_v4', [smart, { ...typed, types: { Mail: [{ name: 'contents', type: 'uint8' }] } }]))).toBe(
      'Invalid params: the typed data does not match its types (EIP-712)',
    )
    expect(asked).toHaveLength(1)
  })
})

describe('operations of the smart account', () => {
  const to = '0x000000000000000000000000000000000000dEaD'
  it('eth_sendTransaction: prepared, shown with who pays, signed by the owner, submitted once, answered with the transaction hash once included', async () => {
    const { h, fake, smart, asked } = await loggedIn('sa-send@example.com', [false, true, true])
    const tx = { from: smart, to, value: toHex(parseEther('0.1')), data: '0x1234' }
    expect(await refusal(request(h, 'eth_sendTransaction', [tx]))).toBe(userRejected)
    expect(fake.prepares).toHaveLength(1)
    expect(fake.submits).toHaveLength(0)
    expect(asked[0]!.lines).toEqual([`To: ${to}`, `Value: ${parseEther('0.1')} wei`, 'Data: 0x1234', `Network: eip155:${enabledChain}`, `Account: ${smart} (smart account)`, sponsoredFee])

    const { result } = await request(h, 'eth_sendTransaction', [tx])
    expect(fake.submits).toHaveLength(1)
    expect(fake.submits[0]).toMatchObject({ ownerSigned: true, prepared: { sender: smart, chainId: enabledChain } })
    expect(fake.prepares[1]).toEqual([{ to, value: parseEther('0.1'), data: '0x1234' }])
    const status = await fake.status(enabledChain, fake.submits[0]!.prepared.hash)
    expect(result).toBe(status.status === 'included' ? status.transactionHash : 'not included')
    expect(await h.GET_USER({ chainId: `eip155:${enabledChain}` }, context)).toMatchObject({ smartAccountDeployed: true })

    // Without a paymaster the account pays; a call that reverts inside the included operation is an error.
    fake.sponsored = false
    fake.reverting.add(to.toLowerCase())
    expect(await refusal(request(h, 'eth_sendTransaction', [{ from: smart, to }]))).toMatch(/^The operation was included but its call failed \(transaction 0x[0-9a-f]{64}\)$/)
    expect(asked[2]!.lines.at(-1)).toBe('Network fee: paid by the account')
    expect(fake.submits).toHaveLength(2)
    // A smart account sends calls only; a malformed transaction is refused before anything is prepared.
    expect(await refusal(request(h, 'eth_sendTransaction', [{ from: smart, value: '0x1' }]))).toBe('Invalid params: a smart account sends calls only (to is missing)')
    expect(await refusal(request(h, 'eth_sendTransaction', [{ from: smart, to: '0xdead' }]))).toBe('Invalid params: to is not an address')
    expect(await refusal(request(h, 'eth_sendTransaction', [{ from: smart, to, value: '12' }]))).toBe('Invalid params: value is not a hex quantity')
    expect(await refusal(request(h, 'eth_sendTransaction', [{ from: smart, to, data: 'zz' }]))).toBe('Invalid params: data is not hex data')
    expect(await refusal(request(h, 'eth_sendTransaction', ['0x00']))).toBe('Invalid params: eth_sendTransaction takes a transaction object')
    expect(fake.prepares).toHaveLength(3)
    expect(asked).toHaveLength(3)
  })

  it('the library’s refusal at prepare asks nothing and sends nothing; at submit it is answered once, never retried, and the next operation goes on', async () => {
    const { h, fake, smart, asked } = await loggedIn('sa-refused@example.com', [true, true])
    const tx = { from: smart, to }
    fake.failPrepare = new SmartAccountError('PAYMASTER_REFUSED', 'The paymaster refused to pay for this operation: limit reached')
    expect(await refusal(request(h, 'eth_sendTransaction', [tx]))).toBe('The paymaster refused to pay for this operation: limit reached')
    expect(await refusal(request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smart, calls: [{ to }] }]))).toBe(
      'The paymaster refused to pay for this operation: limit reached',
    )
    expect(asked).toHaveLength(0)
    expect(fake.submits).toHaveLength(0)
    fake.failPrepare = undefined
    fake.failSubmit = new SmartAccountError('BUNDLER_REFUSED', 'The bundler refused the operation: AA25 invalid account nonce')
    expect(await refusal(request(h, 'eth_sendTransaction', [tx]))).toBe('The bundler refused the operation: AA25 invalid account nonce')
    expect(fake.submits).toHaveLength(1)
    fake.failSubmit = undefined
    expect((await request(h, 'eth_sendTransaction', [tx])).result).toMatch(/^0x[0-9a-f]{64}$/)
    expect(fake.submits).toHaveLength(2)
    expect(fake.prepares).toHaveLength(2)
  })

  it('a request withdrawn (RPC_ABORT) while it is prepared, shown or signed sends nothing', async () => {
    const fake = fakeSmartAccounts()
    const { h, smart, asked, answers } = await loggedIn('sa-abort@example.com', ['wait'], fake)
    const tx = { from: smart, to }
    // Withdrawn in its approval.
    const shown = refusal(request(h, 'eth_sendTransaction', [tx], 'a1'))
    await expect.poll(() => asked.length).toBe(1)
    await h.RPC_ABORT({ id: 'a1' }, context)
    expect(await shown).toBe(userRejected)
    // Withdrawn while the library prepares it.
    fake.hangPrepare = true
    const preparing = refusal(request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to }] }], 'a2'))
    await expect.poll(() => fake.hung).toBe(1)
    await h.RPC_ABORT({ id: 'a2' }, context)
    expect(await preparing).toBe(userRejected)
    fake.hangPrepare = false
    // Withdrawn after Approve, before it is submitted (the approval answers true as the page withdraws it).
    answers.push(() => (void h.RPC_ABORT({ id: 'a3' }, context), true))
    expect(await refusal(request(h, 'eth_sendTransaction', [tx], 'a3'))).toBe(userRejected)
    expect(asked).toHaveLength(2)
    expect(fake.submits).toHaveLength(0)
  })

  it('two operations at once: the second is prepared only once the first is included', async () => {
    const fake = fakeSmartAccounts()
    fake.autoInclude = false
    const { h, smart } = await loggedIn('sa-queue@example.com', [true, true], fake)
    const first = request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smart, calls: [{ to }] }], 'q1')
    const second = request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smart, calls: [{ to, value: '0x2' }] }], 'q2')
    const { result } = (await first) as { result: { id: Hex } }
    await new Promise((resolve) => setImmediate(resolve))
    expect(fake.prepares).toHaveLength(1)
    fake.include(result.id)
    await second
    expect(fake.prepares).toHaveLength(2)
    expect(fake.submits).toHaveLength(2)
  })
})

describe('EIP-5792', () => {
  const to = '0x000000000000000000000000000000000000dEaD'
  const other = '0x000000000000000000000000000000000000bEEF'
  it('wallet_sendCalls from the smart account: one atomic operation, approved with every call, its id answered at once; wallet_getCallsStatus follows it', async () => {
    const fake = fakeSmartAccounts()
    fake.autoInclude = false
    const { h, smart, eoa, storage, asked } = await loggedIn('sa-calls@example.com', [true, true, true], fake)
    const calls = [
      { to, value: '0x10', data: '0xabcdef' },
      { to: other, data: `0x${'ab'.repeat(150)}` },
    ]
    const { result } = (await request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smart, calls, atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example' } } }])) as { result: { id: Hex } }
    expect(fake.prepares).toEqual([
      [
        { to, value: 16n, data: '0xabcdef' },
        { to: other, value: 0n, data: calls[1]!.data },
      ],
    ])
    expect(fake.submits).toHaveLength(1)
    expect(result).toEqual({ id: fake.submits[0]!.prepared.hash })
    expect(asked[0]).toMatchObject({
      title: 'Send these 2 calls?',
      lines: [
        `Call 1 of 2: to ${to}, value 16 wei, data 0xabcdef`,
        `Call 2 of 2: to ${other}, value 0 wei, data ${calls[1]!.data.slice(0, 200)}… (150 bytes)`,
        `Network: eip155:${enabledChain}`,
        `Account: ${smart} (smart account)`,
        sponsoredFee,
      ],
    })
    expect((await request(h, 'wallet_getCallsStatus', [result.id])).result).toEqual({ version: '2.0.0', id: result.id, chainId: '0x7a69', status: 100, atomic: true })
    fake.include(result.id)
    const done = (await request(h, 'wallet_getCallsStatus', [result.id])).result as { status: number; receipts: unknown[] }
    expect(done).toMatchObject({ version: '2.0.0', id: result.id, chainId: '0x7a69', status: 200, atomic: true, receipts: [{ status: '0x1' }] })

    // Another frame of the same wallet (a reload) finds it through the bundler's word on its sender.
    const reloaded = frame(storage, fake)
    await reloaded.app.restore()
    expect((await request(reloaded.h, 'wallet_getCallsStatus', [result.id])).result).toMatchObject({ status: 200 })
    // Another wallet's operation, an id nobody knows, junk: 'Unknown bundle id'.
    expect(await refusal(request(reloaded.h, 'wallet_getCallsStatus', [fake.foreign(enabledChain, fake.addressOf(to))]))).toBe(unknownBundle)
    expect(await refusal(request(reloaded.h, 'wallet_getCallsStatus', [keccak256('0x01')]))).toBe(unknownBundle)
    expect(await refusal(request(reloaded.h, 'wallet_getCallsStatus', ['nope']))).toBe(unknownBundle)

    // No `from`: the active account; a dapp's own id is kept (and a second use of it refused); a reverted operation is 500.
    fake.autoInclude = true
    fake.reverting.add(other.toLowerCase())
    expect(await request(h, 'wallet_sendCalls', [{ version: '2.0.0', id: 'dapp-batch-1', chainId: '0x7a69', calls: [{ to: other }] }])).toEqual({ result: { id: 'dapp-batch-1' } })
    expect((await request(h, 'wallet_getCallsStatus', ['dapp-batch-1'])).result).toMatchObject({ id: 'dapp-batch-1', status: 500, atomic: true, receipts: [{ status: '0x0' }] })
    expect(await refusal(request(h, 'wallet_sendCalls', [{ version: '2.0.0', id: 'dapp-batch-1', chainId: '0x7a69', calls: [{ to }] }]))).toBe('Duplicate ID')
    // A required capability the wallet does not give is refused; an optional one is not.
    expect(await refusal(request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to }], capabilities: { auxiliaryFunds: { supported: true } } }]))).toBe(
      'Unsupported non-optional capability: auxiliaryFunds',
    )
    expect(fake.submits).toHaveLength(2)
    expect(asked).toHaveLength(2)
    expect((await request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to }], capabilities: { auxiliaryFunds: { optional: true } } }])).result).toMatchObject({ id: expect.stringMatching(/^0x/) })
    expect(fake.submits).toHaveLength(3)
    expect(eoa).not.toBe(smart)
  })

  it('wallet_sendCalls’ parameters are checked before anything is prepared or shown (fast-check on junk too)', async () => {
    const { h, fake, smart, asked } = await loggedIn('sa-calls-junk@example.com')
    const good = { version: '2.0.0', chainId: '0x7a69', from: smart, calls: [{ to }] }
    const cases: [unknown, string | RegExp][] = [
      [{ ...good, calls: [] }, /^Invalid params: wallet_sendCalls takes calls/],
      [{ ...good, calls: Array.from({ length: 101 }, () => ({ to })) }, /^Invalid params: wallet_sendCalls takes calls/],
      [{ ...good, calls: [{ to: '0xdead' }] }, /^Invalid params: wallet_sendCalls takes calls\.0\.to/],
      [{ ...good, calls: [{ to, data: '0xabc' }] }, /^Invalid params: wallet_sendCalls takes calls\.0\.data/],
      [{ ...good, calls: [{ to, value: '10' }] }, /^Invalid params: wallet_sendCalls takes calls\.0\.value/],
      [{ ...good, chainId: 31337 }, /^Invalid params: wallet_sendCalls takes chainId/],
      [{ ...good, chainId: '0x1' }, `Unsupported chain id: 0x1 is not this request's network (eip155:${enabledChain})`],
      [{ ...good, from: '0x000000000000000000000000000000000000dEaD' }, notOurAddress],
    ]
    for (const [params, message] of cases) expect(await refusal(request(h, 'wallet_sendCalls', [params]))).toMatch(message)
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ version: fc.string(), chainId: fc.string(), calls: fc.array(fc.record({ to: fc.string(), data: fc.string(), value: fc.string() }), { maxLength: 3 }) })), async (params) => {
        const message = await refusal(request(h, 'wallet_sendCalls', [params]))
        expect(message).toEqual(expect.any(String))
      }),
      { numRuns: 60 },
    )
    expect(asked).toHaveLength(0)
    expect(fake.prepares).toHaveLength(0)
  })

  it('wallet_sendCalls from the EOA: refused when atomicity is required, else one transaction per call on the chain; its status remembered', async () => {
    const { h, fake, eoa, asked } = await loggedIn('sa-eoa-calls@example.com', [true])
    const chain = createPublicClient({ transport: http(anvil.url) })
    await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [eoa, toHex(parseEther('1'))] }) })
    const a = '0x00000000000000000000000000000000000a11ce'
    const b = '0x0000000000000000000000000000000000000b0b'
    const batch = { version: '2.0.0', chainId: '0x7a69', from: eoa, calls: [{ to: a, value: toHex(parseEther('0.1')) }, { to: b, value: toHex(parseEther('0.2')) }] }
    expect(await refusal(request(h, 'wallet_sendCalls', [{ ...batch, atomicRequired: true }]))).toBe(atomicUnsupported)
    expect(asked).toHaveLength(0)
    const { result } = (await request(h, 'wallet_sendCalls', [batch])) as { result: { id: Hex } }
    expect(asked[0]!.lines).toContain('Sent one after another, not all at once: a call that fails stops the ones after it')
    expect(asked[0]!.lines).toContain(`Account: ${eoa}`)
    expect(await chain.getBalance({ address: a })).toBe(parseEther('0.1'))
    expect(await chain.getBalance({ address: b })).toBe(parseEther('0.2'))
    const status = (await request(h, 'wallet_getCallsStatus', [result.id])).result as { receipts: { transactionHash: Hex; status: string }[] }
    expect(status).toMatchObject({ version: '2.0.0', id: result.id, chainId: '0x7a69', status: 200, atomic: false })
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(status.receipts[0]!.transactionHash).toBe(result.id)
    expect(fake.prepares).toHaveLength(0)
  })

  it('wallet_getCapabilities: atomic and paymaster for the smart account on its networks, unsupported elsewhere and for the EOA; the address is required', async () => {
    const { h, eoa, smart } = await loggedIn('sa-capabilities@example.com')
    expect(await refusal(request(h, 'wallet_getCapabilities', []))).toBe(missingCapabilitiesAddress)
    expect(await refusal(request(h, 'wallet_getCapabilities'))).toBe(missingCapabilitiesAddress)
    expect((await request(h, 'wallet_getCapabilities', [smart])).result).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    expect((await request(h, 'wallet_getCapabilities', [smart, ['0x7a69', '0x7a6a']])).result).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect((await request(h, 'wallet_getCapabilities', [eoa])).result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await refusal(request(h, 'wallet_getCapabilities', [to]))).toBe(notOurAddress)
    expect(await refusal(request(h, 'wallet_getCapabilities', [smart, ['7a69']]))).toBe('Invalid params: wallet_getCapabilities takes [address, chainIds?], chain ids in hex')
  })

  it('two batches sent at once under one dapp id: one is sent, the other refused Duplicate ID before anything is prepared', async () => {
    const { h, fake } = await loggedIn('sa-duplicate@example.com', [true, true])
    const batch = (requestId: string) => request(h, 'wallet_sendCalls', [{ version: '2.0.0', id: 'same-id', chainId: '0x7a69', calls: [{ to }] }], requestId)
    const [first, second] = await Promise.all([batch('req-a').then(() => 'sent', (error: Error) => error.message), batch('req-b').then(() => 'sent', (error: Error) => error.message)])
    expect([first, second].sort(), String([first, second])).toEqual(['Duplicate ID', 'sent'])
    expect(fake.prepares).toHaveLength(1)
    expect(fake.submits).toHaveLength(1)
  })

  it('says paymasterService only where a paymaster is configured, and refuses a batch that requires it elsewhere', async () => {
    const fake = fakeSmartAccounts()
    fake.paymasterChains = []
    const { h, smart } = await loggedIn('sa-no-paymaster@example.com', [], fake)
    expect((await request(h, 'wallet_getCapabilities', [smart])).result).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    const calls = [{ to, value: '0x0' }]
    expect(await refusal(request(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smart, calls, atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example' } } }]))).toBe(
      'Unsupported non-optional capability: paymasterService',
    )
    expect(fake.prepares).toHaveLength(0)
  })
})
