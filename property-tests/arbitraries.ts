import fc from 'fast-check'
import { drafts } from 'latch/immer'
import * as z from 'zod/mini'
import { createTestNetwork } from '../kernel/testing'
import { chainNamespaces, defineEvent, definePlugin, sensitive, viewNames, type CaipNetwork, type ChainNamespace, type EventsOf, type LatchEvent } from 'latch'

/** Arbitraries of valid core events, and a plugin with a secret, for the kernel properties. */

export const namespaceArb = fc.constantFrom(...chainNamespaces)

export const network = (ns: ChainNamespace, reference: string) => createTestNetwork(ns, reference)

/** Two networks per family, so switching and removal have somewhere to go. */
export const networks: readonly CaipNetwork[] = chainNamespaces.flatMap((ns) => [network(ns, '1'), network(ns, '2')])

const addressArb = fc.constantFrom('0xAbC0000000000000000000000000000000000001', '0xabc0000000000000000000000000000000000001', 'So11111111111111111111111111111111111111112', 'bc1qxyz')
const referenceArb = fc.constantFrom('1', '2', '3')
const connectorIdArb = fc.constantFrom('io.metamask', 'walletConnect', 'AUTH', 'phantom')
const viewArb = fc.record({ name: fc.constantFrom(...viewNames) }).map((v) => ({ name: v.name }))
const walletArb = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), name: fc.constantFrom('A', 'B', 'Browser Wallet') })
const balanceArb = fc.tuple(fc.nat(10_000), fc.nat(999_999)).map(([a, b]) => `${a}.${b}`)

type Input = LatchEvent

export const coreEventArb: fc.Arbitrary<Input> = fc.oneof(
  fc.tuple(namespaceArb, referenceArb, addressArb, connectorIdArb).map(
    ([ns, ref, address, connectorId]): Input => ({ type: 'account/connected', ns, payload: { caipAddress: `${ns}:${ref}:${address}`, connectorId } }),
  ),
  fc.tuple(namespaceArb, referenceArb, addressArb).map(([ns, ref, address]): Input => ({ type: 'account/addressChanged', ns, payload: { caipAddress: `${ns}:${ref}:${address}` } })),
  namespaceArb.map((ns): Input => ({ type: 'account/disconnected', ns, payload: {} })),
  fc.tuple(namespaceArb, balanceArb).map(([ns, balance]): Input => ({ type: 'account/balanceUpdated', ns, payload: { balance, symbol: 'C' } })),
  namespaceArb.map((ns): Input => ({ type: 'account/balanceLoading', ns, payload: {} })),
  namespaceArb.map((ns): Input => ({ type: 'account/balanceFailed', ns, payload: {} })),
  fc.tuple(namespaceArb, fc.option(fc.string({ maxLength: 8 }), { nil: null })).map(([ns, name]): Input => ({ type: 'account/profileUpdated', ns, payload: { name } })),
  fc.tuple(namespaceArb, fc.constantFrom('eoa' as const, 'smartAccount' as const, 'payment' as const)).map(([ns, type]): Input => ({ type: 'account/preferredTypeSet', ns, payload: { type } })),
  fc.tuple(namespaceArb, referenceArb).map(([ns, ref]): Input => ({ type: 'network/switched', ns, payload: { caipNetworkId: `${ns}:${ref}`, network: network(ns, ref) } })),
  fc.tuple(namespaceArb, referenceArb).map(([ns, ref]): Input => ({ type: 'network/removed', ns, payload: { caipNetworkId: `${ns}:${ref}` } })),
  fc.tuple(namespaceArb, fc.array(referenceArb, { maxLength: 3 }), fc.boolean()).map(([ns, refs, all]): Input => ({ type: 'network/approvedSet', ns, payload: { caipNetworkIds: refs.map((r) => `${ns}:${r}` as const), supportsAllNetworks: all } })),
  fc.tuple(namespaceArb, connectorIdArb, addressArb).map(([ns, connectorId, address]): Input => ({ type: 'connection/accountRemoved', ns, payload: { connectorId, address } })),
  walletArb.map((wallet): Input => ({ type: 'connection/recentWalletAdded', payload: { wallet } })),
  fc.constantFrom('connecting' as const, 'connected' as const, 'disconnected' as const).map((status): Input => ({ type: 'connection/statusChanged', payload: { status } })),
  fc.tuple(namespaceArb, connectorIdArb).map(([chain, id]): Input => ({ type: 'connectors/discovered', payload: { connectors: [{ id, name: id, type: 'INJECTED', chain }] } })),
  connectorIdArb.map((id): Input => ({ type: 'connectors/removed', payload: { ids: [id] } })),
  fc.option(viewArb, { nil: undefined }).map((view): Input => ({ type: 'modal/opened', payload: view ? { view } : {} })),
  fc.constant<Input>({ type: 'modal/closed', payload: {} }),
  viewArb.map((view): Input => ({ type: 'router/pushed', payload: { view } })),
  viewArb.map((view): Input => ({ type: 'router/replaced', payload: { view } })),
  fc.constant<Input>({ type: 'router/wentBack', payload: {} }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom('success' as const, 'loading' as const, 'error' as const)).map(([message, variant]): Input => ({ type: 'toast/requested', payload: { toast: { message, variant } } })),
  fc.tuple(fc.constantFrom('a', 'b'), balanceArb).map(([key, value]): Input => ({ type: 'cache/stored', payload: { cache: 'balance', key, value } })),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([email, otp]): Input => ({ type: 'secret/otpSubmitted', payload: { email, otp } } as Input)),
)

/** Mostly router pushes (with a payload, so most are new entries), some going back, opening and connecting. */
const routerEventArb: fc.Arbitrary<Input> = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(viewArb, fc.nat(3)).map(([view, n]): Input => ({ type: 'router/pushed', payload: { view: { ...view, payload: { n } } } })) },
  { weight: 1, arbitrary: viewArb.map((view): Input => ({ type: 'router/replaced', payload: { view } })) },
  { weight: 3, arbitrary: fc.constant<Input>({ type: 'router/wentBack', payload: {} }) },
  { weight: 1, arbitrary: viewArb.map((view): Input => ({ type: 'router/reset', payload: { view } })) },
  { weight: 1, arbitrary: fc.option(viewArb, { nil: undefined }).map((view): Input => ({ type: 'modal/opened', payload: view ? { view } : {} })) },
  {
    weight: 1,
    arbitrary: fc.tuple(namespaceArb, addressArb, connectorIdArb).map(
      ([ns, address, connectorId]): Input => ({ type: 'account/connected', ns, payload: { caipAddress: `${ns}:1:${address}`, connectorId } }),
    ),
  },
  { weight: 1, arbitrary: namespaceArb.map((ns): Input => ({ type: 'account/disconnected', ns, payload: {} })) },
)

/** A step of a run that mostly moves the router. */
export const routerStepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 10, arbitrary: routerEventArb.map((event) => ({ event })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000 }).map((advance) => ({ advance })) },
)

/** A step of a random run: an event, or virtual time passing. */
export type Step = { event: Input } | { advance: number }
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: coreEventArb.map((event) => ({ event })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000 }).map((advance) => ({ advance })) },
)

// A plugin carrying a secret: the OTP must never reach the log, and replay must still be exact.
const otpSubmitted = defineEvent('secret/otpSubmitted', z.object({ email: z.string(), otp: sensitive(z.string()) }))
const secretEvents = [otpSubmitted] as const
declare module 'latch' {
  interface EventMap extends EventsOf<typeof secretEvents> {}
  interface SliceMap {
    secret?: { submissions: number; lastEmail?: string; lastOtpLength?: number }
  }
}
export const secretPlugin = definePlugin({
  name: 'secret',
  events: secretEvents,
  slices: { secret: { submissions: 0 } },
  update: drafts({
    'secret/otpSubmitted'(draft, { payload }) {
      draft.secret!.submissions += 1
      draft.secret!.lastEmail = payload.email
      // Reducers see the redacted event; were they given the secret, replay would differ from live.
      draft.secret!.lastOtpLength = payload.otp.length
    },
  }),
})
