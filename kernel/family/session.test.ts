import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { accountConnected, accountDisconnected } from '../core/events'
import { walletCancelRequested } from '../core/intents'
import type { Logged } from '../events'
import { initialCoreState } from '../state'
import { createTestPorts } from '../testing'
import type { State } from '../index'
import { familySession } from './session'
import { createWalletCalls, settleWalletCalls } from './wallet-calls'

const stateWith = (connectorId: string | undefined, caipAddress: string | undefined): State => {
  const state = initialCoreState() as State
  state.chains.solana.connectorId = connectorId
  state.chains.solana.account.caipAddress = caipAddress as State['chains']['solana']['account']['caipAddress']
  return state
}

describe('familySession', () => {
  it('none without a connector; mine when this plugin lists it and an address is held; foreign otherwise', () => {
    const entry = { name: 'Phantom' }
    const registry = { get: (id: string) => (id === 'phantom' ? entry : undefined) }
    const address = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    expect(familySession(stateWith(undefined, undefined), 'solana', registry)).toEqual({ kind: 'none' })
    expect(familySession(stateWith('phantom', address), 'solana', registry)).toEqual({ kind: 'mine', entry, address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' })
    expect(familySession(stateWith('phantom', undefined), 'solana', registry)).toEqual({ kind: 'foreign' })
    expect(familySession(stateWith('walletconnect', address), 'solana', registry)).toEqual({ kind: 'foreign' })
  })
})

describe('settleWalletCalls', () => {
  it('the family\'s connection change fails bound calls, its cancel the unsafe ones; another family\'s events change nothing; it emits nothing', async () => {
    const calls = createWalletCalls(createTestPorts().scheduler)
    const events$ = new Subject<Logged>()
    const emitted: unknown[] = []
    settleWalletCalls(events$, 'solana', calls).subscribe((event) => emitted.push(event))
    const log = (event: { type: string }) => events$.next({ ...event, meta: { seq: 0, at: 0 } } as Logged)
    const outcomes: Record<string, string> = {}
    const never = () => new Promise<never>(() => {})
    const track = (key: string, options: { bound?: boolean; safe?: boolean }) =>
      calls.run({}, key, never, { label: key, timeout: 1000, ...options }).catch((error: { details: string }) => void (outcomes[key] = error.details))
    const flush = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve()
    }
    void track('bound', { bound: true, safe: true })
    void track('safe', { safe: true })
    void track('unsafe', {})
    log(accountDisconnected({}, { ns: 'eip155' }))
    log(walletCancelRequested({}, { ns: 'bip122' }))
    await flush()
    expect(outcomes).toEqual({})
    log(accountConnected({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', connectorId: 'x' }, { ns: 'solana' }))
    await flush()
    expect(outcomes).toEqual({ bound: 'the connection this request was made for has ended or been replaced' })
    log(walletCancelRequested({}, { ns: 'solana' }))
    await flush()
    expect(outcomes).toEqual({ bound: 'the connection this request was made for has ended or been replaced', unsafe: 'the visitor cancelled' })
    expect(emitted).toEqual([])
  })
})
