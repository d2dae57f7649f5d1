import fc from 'fast-check'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { chainNamespaces, connect, createLatch, LatchError, replay, type ChainNamespace } from 'latch'
import { assertMethodAllowed, isMethodAllowed, isSafeMethod, isUnsafeMethod } from 'latch/rules'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { eip155, sendCalls } from '../plugins/eip155/index'
import { sendCallsParamsSchema } from '../plugins/eip155/request-schemas'
import { createFakeWindow, createTestWallet } from '../scripts/testing/eip155-test-wallet'

const runs = { numRuns: 500 }

// Independent oracle, written out from the specification's words (docs/behaviour.md, "Wallet requests").
const unsafeBySpec = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]
const safeExamples = ['eth_call', 'eth_getBalance', 'eth_sendRawTransaction', 'wallet_getCapabilities', 'eth_blockNumber', 'eth_chainId']
const allowedBySpec: Record<string, readonly string[]> = {
  eip155: ['eth_accounts', 'eth_requestAccounts', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities', ...safeExamples],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction', 'solana_requestAccounts', 'solana_getAccounts'],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
}
const knownMethods = [...new Set([...unsafeBySpec, ...Object.values(allowedBySpec).flat()])]

const nsArb = fc.constantFrom(...chainNamespaces)
/** Method names an attacker or a typo would send: random text, near-misses of real names, prototype keys. */
const strangerArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'anvil_setBalance', 'eth_getEncryptionPublicKey', 'debug_traceTransaction'),
  fc.tuple(fc.constantFrom(...knownMethods), fc.constantFrom(' ', '\n', '_', 'x', '\u0000')).map(([m, extra]) => `${m}${extra}`),
  fc.constantFrom(...knownMethods).map((m) => m.toUpperCase()),
)

function refusal(ns: ChainNamespace, method: string): unknown {
  try {
    assertMethodAllowed(ns, method)
    return undefined
  } catch (error) {
    return error
  }
}

describe('the allowed methods (kernel/rules/methods.ts)', () => {
  it('allows what the specification lists for each family, and never refuses it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(allowedBySpec) as ChainNamespace[])), fc.nat(), (ns, i) => {
        const list = allowedBySpec[ns]!
        const method = list[i % list.length]!
        expect(isMethodAllowed(ns, method)).toBe(true)
        expect(refusal(ns, method)).toBeUndefined()
      }),
      runs,
    )
  })

  it("refuses any other name with RPC_NOT_ALLOWED: 'Action not allowed' for the visitor, 'Requested RPC call is not allowed' for developers; never anything else", () => {
    fc.assert(
      fc.property(nsArb, strangerArb, (ns, method) => {
        fc.pre(!(allowedBySpec[ns] ?? []).includes(method))
        // A name the specification does not list is allowed only as one of Latch's documented extras (eip155 reads, EVM signing variants).
        const allowed = isMethodAllowed(ns, method)
        const error = refusal(ns, method)
        expect(allowed).toBe(error === undefined)
        if (!allowed) {
          expect(error).toBeInstanceOf(LatchError)
          expect(error).toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
          expect((error as LatchError).details?.startsWith('Requested RPC call is not allowed')).toBe(true)
        } else {
          expect(ns).toBe('eip155')
          expect(/^(eth|wallet|personal)_/.test(method)).toBe(true)
        }
      }),
      runs,
    )
  })

  it('is exact: a changed name (case, padding, suffix) of an allowed method is refused', () => {
    fc.assert(
      fc.property(nsArb, fc.nat(), fc.constantFrom((m: string) => m.toUpperCase(), (m: string) => ` ${m}`, (m: string) => `${m} `, (m: string) => `${m}2`), (ns, i, change) => {
        const list = allowedBySpec[ns] ?? []
        fc.pre(list.length > 0)
        const changed = change(list[i % list.length]!)
        fc.pre(!knownMethods.includes(changed))
        expect(isMethodAllowed(ns, changed)).toBe(false)
      }),
      runs,
    )
  })

  it('splits safe from unsafe: the unsafe methods of the specification are unsafe, never safe; reads are safe', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...unsafeBySpec, ...safeExamples), strangerArb), (method) => {
        if (unsafeBySpec.includes(method)) expect([isUnsafeMethod(method), isSafeMethod(method)]).toEqual([true, false])
        else if (safeExamples.includes(method)) expect([isUnsafeMethod(method), isSafeMethod(method)]).toEqual([false, true])
        else expect(isSafeMethod(method) && isUnsafeMethod(method)).toBe(false)
      }),
      runs,
    )
  })
})

// wallet_sendCalls: every `to` and `data` starts with 0x (an address; hex bytes), checked before the wallet sees it.
const hexDigits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length })
const goodTo = hexDigits(40).map((h) => `0x${h}`)
const goodData = fc.oneof(fc.constant('0x'), fc.integer({ min: 1, max: 40 }).chain((n) => hexDigits(n * 2)).map((h) => `0x${h}`))
const badTo = fc.oneof(hexDigits(40), hexDigits(39).map((h) => `0x${h}`), fc.string({ maxLength: 50 }).filter((s) => !/^0x[0-9a-fA-F]{40}$/.test(s)), fc.constantFrom(1, null, {}, []))
const badData = fc.oneof(hexDigits(8), fc.integer({ min: 0, max: 20 }).chain((n) => hexDigits(n * 2 + 1)).map((h) => `0x${h}`), fc.string({ maxLength: 20 }).filter((s) => !/^0x([0-9a-fA-F]{2})*$/.test(s)), fc.constantFrom(7, true))
type Field = { to?: unknown; data?: unknown }
const goodCall: fc.Arbitrary<Field> = fc.record({ to: goodTo, data: goodData }, { requiredKeys: ['to'] })
const badCall: fc.Arbitrary<{ call: Field; field: 'to' | 'data' }> = fc.oneof(
  fc.record({ to: badTo, data: goodData }).map((call) => ({ call, field: 'to' as const })),
  goodData.map((data) => ({ call: { data }, field: 'to' as const })),
  fc.record({ to: goodTo, data: badData }).map((call) => ({ call, field: 'data' as const })),
)
/** A batch of good calls with one bad call at a random place. */
const batchWithOneBad = fc.tuple(fc.array(goodCall, { maxLength: 4 }), badCall, fc.array(goodCall, { maxLength: 4 })).map(([before, bad, after]) => ({
  calls: [...before, bad.call, ...after],
  path: `[0].calls[${before.length}].${bad.field}`,
}))

describe('wallet_sendCalls parameters (plugins/eip155/request-schemas.ts)', () => {
  it('accepts every batch whose calls all have a 0x address `to` and 0x hex `data`', () => {
    fc.assert(
      fc.property(fc.array(goodCall, { minLength: 1, maxLength: 6 }), (calls) => {
        expect(z.safeParse(sendCallsParamsSchema, [{ calls }]).success).toBe(true)
      }),
      runs,
    )
  })

  it('refuses a batch with one malformed call, pointing at that call and field; never throws on junk', () => {
    fc.assert(
      fc.property(batchWithOneBad, ({ calls, path }) => {
        const parsed = z.safeParse(sendCallsParamsSchema, [{ calls }])
        expect(parsed.success).toBe(false)
        const paths = parsed.error!.issues.map((issue) => issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join(''))
        expect(paths).toContain(path)
      }),
      runs,
    )
    fc.assert(fc.property(fc.anything(), (junk) => void z.safeParse(sendCallsParamsSchema, junk)), runs)
  })

  it('through Latch: a malformed batch fails with INVALID_PARAMS naming the field, logged, and the wallet is never asked', async () => {
    await fc.assert(
      fc.asyncProperty(batchWithOneBad, async ({ calls, path }) => {
        const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
        const wallet = createTestWallet({ chains: { 31337: 'http://127.0.0.1:9' }, chainId: 31337, account })
        const win = createFakeWindow()
        wallet.announceOn(win.target)
        const t = createTestPorts()
        const latch = createLatch({ networks: [createTestNetwork('eip155', 31337)], plugins: [eip155()], ports: { ...t.ports, window: win.window } })
        try {
          await connect(latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
          const error = await sendCalls(latch, { calls: calls as never }).then(
            () => undefined,
            (e: unknown) => e,
          )
          expect(error).toMatchObject({ code: 'INVALID_PARAMS' })
          expect((error as LatchError).details).toContain(`${path}:`)
          expect(wallet.methods()).not.toContain('wallet_sendCalls')
          const log = latch.exportLog()
          expect(log.events.at(-1)).toMatchObject({ type: 'wallet/rpcFailed', payload: { error: { code: 'INVALID_PARAMS' } } })
          expect(replay([eip155()], JSON.stringify(log)).final).toEqual(latch.getState())
        } finally {
          latch.destroy()
        }
      }),
      { numRuns: 100 },
    )
  })
})
