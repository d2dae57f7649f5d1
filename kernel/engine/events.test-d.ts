// Type tests, checked by `tsc` in `npm test`: an `@ts-expect-error` that is not needed fails the typecheck.
import { createLatch } from '../latch'
import { accountConnected } from '../core/slices/chains'

const latch = createLatch()

// A known event with the right payload compiles.
latch.dispatch({ type: 'modal/opened', payload: {} })
latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc', connectorId: 'x' }, { ns: 'eip155' }))

// @ts-expect-error an unknown event type does not compile
latch.dispatch({ type: 'modal/exploded', payload: {} })

// @ts-expect-error a payload of the wrong shape does not compile
latch.dispatch({ type: 'account/balanceUpdated', ns: 'eip155', payload: { balance: 1 } })

// @ts-expect-error a namespace Latch does not know does not compile
latch.dispatch({ type: 'account/disconnected', ns: 'dogecoin', payload: {} })

// Selectors are typed by the state.
latch.select((s) => s.chains.eip155.account.balance).subscribe((balance: string | undefined) => balance)

// @ts-expect-error a slice that does not exist does not compile
latch.select((s) => s.nothingHere)

// `request` is typed by the matching `…Succeeded` event; only intents with one are accepted.
// @ts-expect-error modal/opened is a fact, not an intent with a result
void latch.request({ type: 'modal/opened', payload: {} })
