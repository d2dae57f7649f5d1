import { describe, expect, it } from 'vitest'
import type { Bytes, DappCost } from './app'
import { mdTable, siwxHeader, siwxHow, siwxMarkdown, siwxRows } from './report'
import { defaultSiwxOptions, siwxFailures, type SiwxFigures, type SiwxModeFigures } from './siwx-run'
import { summarize } from './stats'

const mode = (name: 'browser' | 'server', view: number[], signed: number[]): SiwxModeFigures => ({
  mode: name,
  path: `/?siwx=${name}&families=eip155`,
  view: {
    frame: summarize(view),
    dom: summarize(view.map((v) => v - 2)),
    flowLoaded: view.length,
    viewLoaded: view.length - 1,
    scripts: summarize(view.map(() => 0)),
    scriptBytes: summarize(view.map(() => 0)),
    session: summarize(name === 'server' ? view.map((v) => v / 4) : []),
  },
  signed: {
    frame: summarize(signed),
    dom: summarize(signed.map((s) => s - 1)),
    shown: summarize(signed.map((s) => s / 2)),
    verifyLoaded: 0,
    verifyFetched: name === 'browser' ? signed.length : 0,
    verifyIn: summarize(name === 'browser' ? signed.map((s) => s / 5) : []),
    scripts: summarize(signed.map(() => (name === 'browser' ? 2 : 0))),
    scriptBytes: summarize(signed.map(() => (name === 'browser' ? 160_000 : 0))),
    post: summarize(name === 'server' ? signed.map((s) => s / 10) : []),
  },
  tried: 3,
  viewsShown: 3,
  signedIn: 3,
})

const figures: SiwxFigures = {
  chromium: '1.0',
  modes: [mode('browser', [90, 80, 100], [300, 280, 320]), mode('server', [120, 110, 130], [400, 380, 420])],
  outsideRequests: [],
  consoleErrors: [],
}

const bytes = (gzip: number): Bytes => ({ raw: gzip * 3, gzip, brotli: gzip - 100, files: 1 })
const cost = (name: string, initial: number, all: number): DappCost => {
  const split = (gzip: number) => ({ total: bytes(gzip), latch: bytes(gzip), react: bytes(0) })
  return { name, initial: split(initial), all: split(all), latchReach: split(all), chunks: [], initialModules: [], parts: [] }
}

describe('the sign-in section of the report', () => {
  it('has per mode a row for the view, one for the sign-in, with median, min and max, and the runs’ record', () => {
    const rows = siwxRows(figures)
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['browser', 'connection approved → sign-in view painted', '90.0 ms', '80.0 ms', '100.0 ms'],
      ['', 'signature approved → signed in', '300.0 ms', '280.0 ms', '320.0 ms'],
      ['', 'runs', '3/3 signed in', '—', '—'],
      ['server', 'connection approved → sign-in view painted', '120.0 ms', '110.0 ms', '130.0 ms'],
      ['', 'signature approved → signed in', '400.0 ms', '380.0 ms', '420.0 ms'],
      ['', 'runs', '3/3 signed in', '—', '—'],
    ])
    expect(rows[0]?.[5]).toContain('the flow chunk had loaded 3/3, the view chunk 2/3')
    expect(rows[0]?.[5]).not.toContain('session request')
    expect(rows[3]?.[5]).toContain('the session request (`GET /api/siwx/session`) answered 30.0 ms after the click')
    expect(rows[1]?.[5]).toContain('fetched after it 3/3 (in 60.0 ms after the click)')
    expect(rows[1]?.[5]).toContain('`until …` first painted 150.0 ms')
    expect(rows[1]?.[5]).not.toContain('POST')
    expect(rows[4]?.[5]).toContain('`POST /api/siwx/verify` answered 40.0 ms after the click (3 of 3)')
    expect(rows[2]?.[5]).toBe('`/?siwx=browser&families=eip155`; 3/3 sign-in views shown')
    expect(rows[5]?.[5]).toBe('`/?siwx=server&families=eip155`; 3/3 sign-in views shown; both modes: 0 outside requests, 0 console errors')
    expect(mdTable(siwxHeader, rows).split('\n')).toHaveLength(8)
  })

  it('says what is timed, that verification loads lazily, and the plugin’s bytes when the dapps were built', () => {
    const how = siwxHow(figures, defaultSiwxOptions).join('\n')
    expect(how).toContain('first animation-frame callback')
    expect(how).toContain('[data-testid=dev-wallet-approve]')
    expect(how).toContain('loads lazily')
    expect(how).toContain('"SIWX plugin" row')
    expect(how).not.toContain('gzip up front')
    const costs = [cost('EVM + api', 70_000, 240_000), cost('EVM + api + SIWX', 71_500, 260_000)]
    expect(siwxHow(figures, defaultSiwxOptions, costs).join('\n')).toContain('(here +1.5 kB gzip up front, +18.5 kB gzip lazily, React external)')
    const section = siwxMarkdown(figures, defaultSiwxOptions)
    expect(section[0]).toBe('## Sign in with the wallet')
    expect(section).toContain('### How (sign in with the wallet)')
    expect(section.at(-1)).toBe('')
  })

  it('reads figures back from JSON, a mode with no run that got there included', () => {
    const none = mode('server', [], [])
    const read = JSON.parse(JSON.stringify({ ...figures, modes: [figures.modes[0], { ...none, viewsShown: 0, signedIn: 0 }] })) as SiwxFigures
    const rows = siwxRows(read)
    expect(rows[0]?.slice(2, 5)).toEqual(['90.0 ms', '80.0 ms', '100.0 ms'])
    expect(rows[3]?.slice(2, 6)).toEqual(['none', '—', '—', 'no approved connection showed the view within 15 s (3 tried)'])
    expect(rows[4]?.slice(2, 6)).toEqual(['none', '—', '—', 'no run signed in within 15 s (3 tried)'])
    expect(rows[5]?.[2]).toBe('0/3 signed in')
  })

  it('fails on a view never shown, a sign-in that never happened, or an outside request', () => {
    expect(siwxFailures(figures)).toEqual([])
    const [browser, server] = figures.modes as [SiwxModeFigures, SiwxModeFigures]
    expect(siwxFailures({ ...figures, modes: [{ ...browser, viewsShown: 2, signedIn: 2 }, { ...server, signedIn: 1 }], outsideRequests: ['https://example.com/'] })).toEqual([
      'error: sign in with the wallet (browser mode): 1 of 3 approved connections never showed the sign-in view',
      'error: sign in with the wallet (browser mode): 1 of 3 runs never signed in',
      'error: sign in with the wallet (server mode): 2 of 3 runs never signed in',
      'error: a request left 127.0.0.1: https://example.com/',
    ])
  })
})
