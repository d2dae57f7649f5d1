/**
 * The frame's wallet app against the real wallet service and dev inbox (the channel and the UI are left out: the
 * handlers are called as the channel calls them, and `approve` stands for the visitor's click): login creates the
 * wallet, the same address comes back after a reload and after the frame's storage is wiped, personal_sign is signed
 * only once approved, and a rejection is the protocol's error.
 */
import { createPublicClient, http, parseEther, recoverMessageAddress, recoverTypedDataAddress, toHex } from 'viem'
import { startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveKeys } from '../../services/wallet/src/crypto'
import { startDevInbox, type DevInbox } from '../../services/wallet/src/dev-inbox'
import { smtpMailer, type Mailer } from '../../services/wallet/src/mailer'
import { startWalletService, type WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { virtualClock } from '../../services/wallet/testing'
import { FrameRequestError } from '../channel'
import { serviceClient, type Session } from './service-client'
import { userRejected, walletApp, type ApprovalRequest, type FrameStorage } from './wallet-app'

// The service on a virtual clock, so the 30 s cool-down between two logins of one address passes without waiting.
const clock = virtualClock()
let inbox: DevInbox
let mailer: Mailer
let service: WalletService
let anvil: Anvil
const wallet = {
  get url() {
    return service.url
  },
  get inbox() {
    return inbox
  },
}
beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
  const keys = deriveKeys(new TextEncoder().encode('latch wallet frame-app test secret, 32+ bytes long'))
  anvil = await startAnvil({ chainId: 31337 })
  service = await startWalletService({ store: memoryStore({ now: clock.now }), keys, mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now })
})
afterAll(async () => {
  await anvil?.stop()
  await service?.stop()
  mailer?.close()
  await inbox?.stop()
})

async function codeFor(email: string): Promise<string> {
  const messages = (await (await fetch(`${wallet.inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
  const code = messages[0]?.code
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

function memoryStorage(): FrameStorage & { shares: Map<string, string> } {
  const shares = new Map<string, string>()
  let session: Session | undefined
  return {
    shares,
    getDeviceShare: async (id) => shares.get(id),
    putDeviceShare: async (id, share) => void shares.set(id, share),
    getSession: async () => session,
    putSession: async (next) => void (session = next),
  }
}

const context = { id: 'req-1', parentOrigin: 'http://127.0.0.1:5173' }

function frame(storage: FrameStorage, answers: boolean[] = []) {
  const asked: ApprovalRequest[] = []
  const app = walletApp({
    client: serviceClient({ baseUrl: wallet.url }),
    storage,
    approve: async (request) => {
      asked.push(request)
      return answers.shift() ?? false
    },
    rpcUrl: (chainId) => (chainId === 31337 ? anvil.url : undefined),
    defaultChainId: 'eip155:31337',
  })
  const h = app.handlers as Required<typeof app.handlers>
  return { app, h, asked }
}

async function login(h: ReturnType<typeof frame>['h'], email: string) {
  clock.advance(31_000)
  await h.CONNECT_EMAIL({ email }, context)
  await h.CONNECT_OTP({ otp: await codeFor(email) }, context)
}

describe('the frame wallet app', () => {
  it('creates the wallet at first login, signs personal_sign only when approved, keeps the address across reload and wiped storage', async () => {
    const storage = memoryStorage()
    const first = frame(storage, [false, true])
    await expect(first.h.GET_USER({ chainId: 'eip155:31337' }, context)).rejects.toThrow('Not connected')
    await login(first.h, 'alice@example.com')
    const user = await first.h.GET_USER({ chainId: 'eip155:31337' }, context)
    expect(user).toMatchObject({ email: 'alice@example.com', chainId: 'eip155:31337', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
    expect(await first.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })
    expect(await first.h.RPC_REQUEST({ method: 'eth_accounts' }, context)).toEqual({ result: [user.address] })
    expect(await first.h.RPC_REQUEST({ method: 'eth_chainId' }, context)).toEqual({ result: '0x7a69' })

    const message = toHex('hello from the dapp')
    const rejected = await Promise.resolve().then(() => first.h.RPC_REQUEST({ method: 'personal_sign', params: [message, user.address] }, context)).catch((error: unknown) => error)
    expect(rejected).toBeInstanceOf(FrameRequestError)
    expect((rejected as Error).message).toBe(userRejected)
    const signed = (await first.h.RPC_REQUEST({ method: 'personal_sign', params: [message, user.address] }, context)) as { result: `0x${string}` }
    expect(first.asked).toHaveLength(2)
    expect(first.asked[1]!.lines[0]).toBe('hello from the dapp')
    expect(await recoverMessageAddress({ message: { raw: message }, signature: signed.result })).toBe(user.address)

    // A reload: a new app on the same storage restores the session and the address.
    const reloaded = frame(storage)
    await reloaded.app.restore()
    expect(await reloaded.h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ address: user.address })

    // Signed out, then logged in again: the same address.
    await reloaded.h.SIGN_OUT(undefined, context)
    expect(await reloaded.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: false })
    const again = frame(storage)
    await again.app.restore()
    expect(again.app.address).toBeUndefined()
    await login(again.h, 'alice@example.com')
    expect(again.app.address).toBe(user.address)

    // The frame's storage wiped: the auth and recovery shares rebuild the same wallet.
    const wiped = frame(memoryStorage())
    await login(wiped.h, 'alice@example.com')
    expect(wiped.app.address).toBe(user.address)
  })

  it('surfaces the service refusals as visible errors, and refuses a code before CONNECT_EMAIL', async () => {
    const { h } = frame(memoryStorage())
    await expect(h.CONNECT_OTP({ otp: '123456' }, context)).rejects.toThrow('Ask for a code first')
    await h.CONNECT_EMAIL({ email: 'bob@example.com' }, context)
    await expect(h.CONNECT_EMAIL({ email: 'bob@example.com' }, context)).rejects.toThrow(/^Please try again after \d+ seconds$/)
    const code = await codeFor('bob@example.com')
    await expect(h.CONNECT_OTP({ otp: String((Number(code) + 1) % 1_000_000).padStart(6, '0') }, context)).rejects.toBeInstanceOf(FrameRequestError)
  })

  it('signs typed data and sends a transaction to the chain, each only once approved', async () => {
    const { h, asked } = frame(memoryStorage(), [true, false, true])
    await login(h, 'carol@example.com')
    const { address } = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const signed = (await h.RPC_REQUEST({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] }, context)) as { result: `0x${string}` }
    expect(await recoverTypedDataAddress({ ...typed, signature: signed.result })).toBe(address)

    const chain = createPublicClient({ transport: http(anvil.url) })
    await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, toHex(parseEther('1'))] }) })
    const to = '0x000000000000000000000000000000000000dEaD'
    const tx = { from: address, to, value: toHex(parseEther('0.25')) }
    await expect(Promise.resolve().then(() => h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [{ ...tx, to: '0xdead' }] }, context))).rejects.toThrow('Invalid params: to is not an address')
    await expect(h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [tx] }, context)).rejects.toThrow(userRejected)
    expect(await chain.getBalance({ address: to })).toBe(0n)
    const sent = (await h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [tx] }, context)) as { result: `0x${string}` }
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.result, pollingInterval: 50 })
    expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: to.toLowerCase() })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.25'))
    expect(asked.map((request) => request.title)).toEqual(['Sign this typed data?', 'Send this transaction?', 'Send this transaction?'])
  })
})
