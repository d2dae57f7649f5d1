import { describe, expect, it } from 'vitest'
import { mdTable, wcHeader, wcHow, wcRows } from './report'
import { summarize } from './stats'
import { defaultWcOptions, wcFailures, type QrSeries, type WcFigures } from './wc-run'

const series = (frames: number[], loaded: number): QrSeries => ({
  frame: summarize(frames),
  dom: summarize(frames.map((f) => f - 1)),
  viewLoaded: frames.length,
  sessionLoaded: loaded,
  sessionIn: summarize(loaded ? [] : frames.map((f) => f / 2)),
  scripts: summarize(frames.map(() => (loaded ? 0 : 4))),
  scriptBytes: summarize(frames.map(() => (loaded ? 0 : 480_000))),
})

const figures: WcFigures = {
  chromium: '1.0',
  cold: series([700, 600, 800], 0),
  warm: series([60, 50, 70], 3),
  account: { frame: summarize([90, 80, 100]), dom: summarize([85, 75, 95]), closed: summarize([300, 320]), pairResolved: summarize([10, 11, 12]) },
  tried: 3,
  qrShown: 6,
  connected: 3,
  outsideRequests: [],
  consoleErrors: [],
}

describe('the WalletConnect section of the report', () => {
  it('has a row per measure with median, min and max, and the runs’ record', () => {
    const rows = wcRows(figures)
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['choose WalletConnect → QR painted, cold', '700.0 ms', '600.0 ms', '800.0 ms'],
      ['choose WalletConnect → QR painted, warm', '60.0 ms', '50.0 ms', '70.0 ms'],
      ['wallet approval → address shown', '90.0 ms', '80.0 ms', '100.0 ms'],
      ['runs', '3/3 connected', '—', '—'],
    ])
    expect(rows[0]?.[4]).toContain('session chunk in 350.0 ms after the click')
    expect(rows[0]?.[4]).toContain('the session chunk 0/3')
    expect(rows[1]?.[4]).not.toContain('session chunk in')
    expect(rows[2]?.[4]).toContain('modal closed 310.0 ms (2 of 3)')
    expect(rows[3]?.[4]).toBe('6/6 QR codes drawn; 0 outside requests; 0 console errors')
    expect(mdTable(wcHeader, rows).split('\n')).toHaveLength(6)
  })

  it('says what is timed and that the sign-client loads lazily', () => {
    const how = wcHow(figures, defaultWcOptions).join('\n')
    expect(how).toContain('first animation-frame callback')
    expect(how).toContain("the wallet's `decide`")
    expect(how).toContain('loads lazily')
    expect(how).toContain('"WalletConnect plugin" row')
  })

  it('fails on a missing QR code, a pairing that did not connect, or an outside request', () => {
    expect(wcFailures(figures)).toEqual([])
    expect(wcFailures({ ...figures, qrShown: 5, connected: 2, outsideRequests: ['https://relay.walletconnect.org/'] })).toEqual([
      'error: WalletConnect: 1 of 6 choices drew no QR code',
      'error: WalletConnect: 1 of 3 pairings did not show the account',
      'error: a request left 127.0.0.1: https://relay.walletconnect.org/',
    ])
  })
})
