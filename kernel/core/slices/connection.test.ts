import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../../latch'
import { replay } from '../../engine/replay'
import { createTestPorts } from '../../testing'
import { connectionAttemptEnded, connectionAttemptStarted, connectionPairingChanged, selectConnectAttempt } from './connection'
import type { LatchEvent } from '../../engine/events'
import type { ConnectAttempt, PairingPhase } from './connection'
import type { LatchErrorData } from '../../engine/errors'
import type { WalletListing } from '../../types'

type Payload = { id: number; via: 'external' | 'walletconnect'; connectorId: string; listing?: WalletListing; outcome: string; error?: LatchErrorData; phase: PairingPhase }

// docs/behaviour.md, "The connect attempt": the slice is reduced from its events alone.

const listing = { id: 'rainbow', name: 'Rainbow', chains: ['eip155' as const] }
const error = { code: 'USER_REJECTED', shortMessage: 'Connection declined' }

/** A model of the rules: the latest started attempt; an outcome only for it, only while it connects. */
function model(events: readonly LatchEvent[]): { attempt?: ConnectAttempt; recent: string[] } {
  let attempt: ConnectAttempt | undefined
  const recent: string[] = []
  for (const event of events) {
    const payload = event.payload as Payload
    if (event.type === 'connection/attemptStarted') {
      attempt = { id: payload.id, via: payload.via, ns: event.ns!, connectorId: payload.connectorId, status: 'connecting', ...(payload.listing ? { listing: payload.listing } : {}), ...(payload.via === 'walletconnect' ? { pairing: 'waiting' as const } : {}) }
    } else if (event.type === 'connection/attemptEnded' && attempt?.id === payload.id && attempt.status === 'connecting') {
      const ended: ConnectAttempt = { ...attempt, status: payload.outcome === 'succeeded' ? 'succeeded' : 'failed', ...(payload.outcome === 'failed' && payload.error ? { error: payload.error } : {}) }
      const chosen = ended.listing?.id
      if (payload.outcome === 'succeeded' && chosen) recent.splice(0, recent.length, ...[chosen, ...recent.filter((id) => id !== chosen)].slice(0, 2))
      attempt = ended
    } else if (event.type === 'connection/pairingChanged' && attempt?.via === 'walletconnect') {
      attempt = { ...attempt, pairing: payload.phase }
    }
  }
  return { attempt, recent }
}

const anEvent = fc.oneof(
  fc.record({ id: fc.integer({ min: 1, max: 4 }), via: fc.constantFrom('external' as const, 'walletconnect' as const), withListing: fc.boolean() }).map(({ id, via, withListing }) =>
    connectionAttemptStarted({ id, via, connectorId: via === 'walletconnect' ? 'walletConnect' : 'io.metamask', ...(withListing ? { listing } : {}) }, { ns: 'eip155' }),
  ),
  fc.record({ id: fc.integer({ min: 1, max: 4 }), outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'cancelled' as const) }).map(({ id, outcome }) =>
    connectionAttemptEnded({ id, outcome, ...(outcome === 'failed' ? { error } : {}) }),
  ),
  fc.constantFrom('waiting', 'shown', 'approved', 'expired', 'failed', 'cancelled').map((phase) => connectionPairingChanged({ phase: phase as never })),
)

describe('connection.attempt', () => {
  it('follows its rules for any sequence of events, and replays to the same state', () => {
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 12 }), (events) => {
        const latch = createLatch({ ports: createTestPorts().ports })
        for (const event of events) latch.dispatch(event)
        const expected = model(events)
        expect(selectConnectAttempt(latch.getState())).toEqual(expected.attempt)
        expect(latch.getState().connection.recentWallets.map((w) => w.id)).toEqual(expected.recent)
        expect(replay([], latch.exportLog()).final.connection).toEqual(latch.getState().connection)
      }),
      { numRuns: 150 },
    )
  })

  it('a later attempt replaces the latest; a late outcome of a replaced attempt changes nothing', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    expect(selectConnectAttempt(latch.getState())).toBeUndefined()
    latch.dispatch(connectionAttemptStarted({ id: 1, via: 'external', connectorId: 'a' }, { ns: 'eip155' }))
    latch.dispatch(connectionAttemptStarted({ id: 2, via: 'external', connectorId: 'b' }, { ns: 'eip155' }))
    expect(selectConnectAttempt(latch.getState())?.id).toBe(2)
    latch.dispatch(connectionAttemptEnded({ id: 1, outcome: 'failed', error }))
    expect(selectConnectAttempt(latch.getState())).toMatchObject({ id: 2, connectorId: 'b', status: 'connecting' })
  })

  it('is never stored, and refuses junk', () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    latch.dispatch(connectionAttemptStarted({ id: 1, via: 'walletconnect', connectorId: 'walletConnect', listing }, { ns: 'eip155' }))
    latch.dispatch(connectionAttemptEnded({ id: 1, outcome: 'succeeded' }))
    t.advance(60_000)
    const stored = JSON.stringify(t.storage.dump())
    expect(stored).toContain('rainbow')
    expect(stored).not.toContain('walletconnect')
    expect(stored).not.toContain('succeeded')
    const before = latch.getState()
    for (const junk of [
      { type: 'connection/attemptStarted', payload: { id: 0, via: 'external', connectorId: 'a' }, ns: 'eip155' },
      { type: 'connection/attemptStarted', payload: { id: 2, via: 'qr', connectorId: 'a' }, ns: 'eip155' },
      { type: 'connection/attemptEnded', payload: { id: 1, outcome: 'maybe' } },
      { type: 'connection/pairingChanged', payload: { phase: 'uri' } },
    ]) latch.dispatch(junk as never)
    expect(latch.getState().connection).toEqual(before.connection)
    // An unknown key is dropped by the schema: no URI reaches the state or the log.
    latch.dispatch({ type: 'connection/pairingChanged', payload: { phase: 'shown', uri: 'wc:secret' } } as never)
    expect(JSON.stringify(latch.getState())).not.toContain('wc:secret')
    expect(JSON.stringify(latch.exportLog())).not.toContain('wc:secret')
  })
})
