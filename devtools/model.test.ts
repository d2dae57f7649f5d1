import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  LatchError,
  modalOpened,
  replay,
  routerPushed,
  walletConnectFailed,
  walletConnectRequested,
  walletSignMessageRequested,
  walletSignMessageSucceeded,
  type Logged,
} from '../kernel/index'
import { diffState } from '../cli/state-diff'
import { handAnswered, lastRequest, setup } from '../scripts/testing/ui'
import { diffAt, durationOf, eventSummary, facets, filterEvents, importLog, logFile, requestSpans, spansOf, stateAt, timelineOf, type TimedSource } from './model'

// docs/devtools.md: the panel's model over an exported log.

/** A visitor opens the modal, picks MetaMask, the wallet declines after 1.5 s; a message is signed. */
async function visit() {
  const live = setup()
  live.latch.dispatch(modalOpened({}))
  live.latch.dispatch(routerPushed({ view: { name: 'ConnectingExternal', payload: { connectorId: 'io.metamask' } } }))
  void live.latch.request(walletConnectRequested({ connectorId: 'io.metamask' }, { ns: 'eip155' })).catch(() => undefined)
  const connect = lastRequest(live.events, 'wallet/connectRequested')
  live.ports.advance(1_500)
  live.latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } }, { ns: 'eip155', requestId: connect.requestId }))
  void live.latch.request(walletSignMessageRequested({ message: 'hello' }, { ns: 'eip155' })).catch(() => undefined)
  const sign = lastRequest(live.events, 'wallet/signMessageRequested')
  live.latch.dispatch(walletSignMessageSucceeded({ signature: '0xsecretsignature' }, { ns: 'eip155', requestId: sign.requestId }))
  return live
}

describe('filters', () => {
  it('keeps the events of the chosen groups and namespaces, in log order; none chosen keeps all', async () => {
    const log = (await visit()).latch.exportLog()
    const all = filterEvents(log.events, {})
    expect(all).toEqual(log.events.map((_, i) => i))
    const wallet = filterEvents(log.events, { types: ['wallet'] }).map((i) => log.events[i]!.type)
    expect(wallet).toEqual(['wallet/connectRequested', 'wallet/connectFailed', 'wallet/signMessageRequested', 'wallet/signMessageSucceeded'])
    const eip155Router = filterEvents(log.events, { types: ['router'], namespaces: ['eip155'] })
    expect(eip155Router).toEqual([])
    expect(facets(log.events).types).toEqual(expect.arrayContaining(['modal', 'router', 'wallet']))
    expect(facets(log.events).namespaces).toEqual(expect.arrayContaining(['(none)', 'eip155']))
  })

  it('property: a filter keeps exactly the events that match both its lists', () => {
    const event = fc.record({ type: fc.constantFrom('a/x', 'b/y', 'c/z'), ns: fc.option(fc.constantFrom('eip155', 'solana'), { nil: undefined }) })
    fc.assert(
      fc.property(fc.array(event), fc.subarray(['a', 'b', 'c']), fc.subarray(['eip155', 'solana', '(none)']), (raw, types, namespaces) => {
        const events = raw.map((e, seq) => ({ type: e.type, payload: {}, ...(e.ns ? { ns: e.ns } : {}), meta: { seq, at: seq } }) as unknown as Logged)
        const kept = new Set(filterEvents(events, { types, namespaces }))
        events.forEach((e, i) => {
          const match = (types.length === 0 || types.includes(e.type.split('/')[0]!)) && (namespaces.length === 0 || namespaces.includes(e.ns ?? '(none)'))
          expect(kept.has(i)).toBe(match)
        })
      }),
    )
  })
})

describe('step and replay at an index', () => {
  it('the state at each index is replay’s, and each diff is latch-replay’s diff of the states around it', async () => {
    const log = (await visit()).latch.exportLog()
    const timeline = timelineOf([handAnswered], log)
    const replayed = replay([handAnswered], log)
    log.events.forEach((_, i) => {
      expect(stateAt(timeline, i)).toEqual(replayed.steps[i]!.state)
      expect(diffAt(timeline, i)).toEqual(diffState(i === 0 ? replayed.initial : replayed.steps[i - 1]!.state, replayed.steps[i]!.state))
    })
    expect(stateAt(timeline, -1)).toEqual(replayed.initial)
    expect(stateAt(timeline, 10_000)).toEqual(replayed.final)
    const pushed = log.events.findIndex((e) => e.type === 'router/pushed')
    expect(stateAt(timeline, pushed).router).not.toEqual(stateAt(timeline, pushed - 1).router)
    expect(diffAt(timeline, pushed).length).toBeGreaterThan(0)
  })

  it('time travel reads the log and leaves the live Latch as it was', async () => {
    const live = await visit()
    const before = live.latch.getState()
    const count = live.events.length
    const timeline = timelineOf([handAnswered], live.latch.exportLog())
    stateAt(timeline, 0)
    expect(live.latch.getState()).toBe(before)
    expect(live.events.length).toBe(count)
  })
})

describe('timed spans', () => {
  it('pairs each wallet request with its answer and measures it from the log’s times', async () => {
    const log = (await visit()).latch.exportLog()
    const spans = requestSpans.spans(log.events)
    expect(spans.map((s) => [s.label, s.ns, s.outcome, s.error])).toEqual([
      ['wallet/connect', 'eip155', 'failed', 'USER_REJECTED'],
      ['wallet/signMessage', 'eip155', 'succeeded', undefined],
    ])
    expect(durationOf(spans[0]!)).toBe(1_500)
    expect(durationOf(spans[1]!)).toBe(0)
  })

  it('another source joins the same timeline, sorted by start', async () => {
    const log = (await visit()).latch.exportLog()
    const frames: TimedSource = { name: 'frame', spans: () => [{ source: 'frame', label: 'frame/hello', startIndex: 0, start: -1, outcome: 'pending' }] }
    expect(spansOf(log.events, [requestSpans, frames]).map((s) => s.source)).toEqual(['frame', 'requests', 'requests'])
  })
})

describe('import and export', () => {
  it('a junk file gets INVALID_LOG with its documented text', () => {
    for (const junk of ['', 'not json', '{"format":"latch-log"}', JSON.stringify({ format: 'latch-log', version: 1, plugins: [], events: [{ type: 1 }] })]) {
      const error = (() => {
        try {
          importLog(junk)
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(LatchError)
      expect((error as LatchError).code).toBe('INVALID_LOG')
      expect((error as LatchError).message).toMatch(/^This is not a Latch event log/)
    }
  })

  it('an exported file imports back to the same log, and holds no secret', async () => {
    const log = (await visit()).latch.exportLog()
    const text = logFile(log)
    expect(text).not.toContain('0xsecretsignature')
    expect(text).toContain('[redacted]')
    expect(importLog(text)).toEqual(log)
  })
})

describe('event summaries', () => {
  const at = (type: string, payload: unknown) => ({ type, payload, meta: { seq: 1, at: 0 } }) as unknown as Parameters<typeof eventSummary>[0]
  it("reads the embedded frame's reports in one line; other events have none", () => {
    expect(eventSummary(at('embedded/frameReported', { kind: 'refused', reason: 'foreign-origin', type: 'FRAME_READY', origin: 'https://evil.example' }))).toBe(
      'refused: foreign-origin FRAME_READY from https://evil.example',
    )
    expect(eventSummary(at('embedded/frameReported', { kind: 'iframe_request_timeout', type: 'APP_CONNECT_OTP', id: 'r4', timeoutMs: 120000 }))).toBe(
      'iframe_request_timeout: APP_CONNECT_OTP #r4 after 120000 ms',
    )
    expect(eventSummary(at('embedded/frameReported', { kind: 'frame_ready' }))).toBe('frame_ready')
    expect(eventSummary(at('wallet/connectRequested', { connectorId: 'x' }))).toBeUndefined()
  })
})
