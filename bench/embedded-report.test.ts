import { describe, expect, it } from 'vitest'
import { readEmbeddedArgs } from './embedded'
import { isEmbeddedInput } from './embedded-page'
import { embeddedFailures, type EmbeddedFigures } from './embedded-run'
import { embeddedHeader, embeddedHow, embeddedMarkdown, embeddedNoPeer, embeddedRows, mdTable } from './report'
import { summarize } from './stats'

const figures: EmbeddedFigures = {
  chromium: '1.0',
  bytes: {
    plugin: { upFront: { raw: 7_400, gzip: 2_800 }, all: { raw: 30_000, gzip: 10_500 } },
    firstUse: [
      { path: '/chunks/session-A.js', gzip: 7_000, name: 'plugins/embedded/session.ts', embedded: true },
      { path: '/chunks/EmailLogin-B.js', gzip: 2_100, name: 'ui/modal/views/EmailLogin/EmailLogin.tsx', embedded: true },
      { path: '/chunks/Send-C.js', gzip: 6_600, name: 'ui/modal/views/Send/Send.tsx', embedded: false },
      { path: '/chunks/balance-D.js', gzip: 1_600, name: 'plugins/eip155/balance.ts', embedded: false },
    ],
    frame: [
      { name: 'app.js', raw: 130_000, gzip: 46_000 },
      { name: 'style.css', raw: 1_000, gzip: 400 },
      { name: 'index.html', raw: 600, gzip: 300 },
    ],
  },
  frame: { inserted: summarize([300, 320, 310]), loaded: summarize([440, 430, 450]), frameReady: summarize([480, 470, 490]), ready: summarize([980, 970, 990]) },
  account: { frame: summarize([420, 400, 440]), dom: summarize([410, 390, 430]), closed: summarize([800, 790]) },
  sign: { approved: summarize([60, 50, 70]), call: summarize([240, 230, 250]), verified: 3 },
  tried: 3,
  readied: 3,
  shown: 3,
  signed: 3,
  outsideRequests: [],
  consoleErrors: [],
}

describe('the embedded wallet section of the report', () => {
  it('has rows for the host bytes up front and on first use, the frame app, the three timings and the runs', () => {
    const rows = embeddedRows(figures)
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['host page: embeddedWallet() up front', '2.8 kB gzip', '—', '—'],
      ['host page: on first use', '9.1 kB gzip', '—', '—'],
      ['frame app', '46.7 kB gzip', '—', '—'],
      ['frame load → READY', '980.0 ms', '970.0 ms', '990.0 ms'],
      ['code entered → account shown', '420.0 ms', '400.0 ms', '440.0 ms'],
      ['approve click → signature returned', '60.0 ms', '50.0 ms', '70.0 ms'],
      ['runs', '3/3 signed', '—', '—'],
    ])
    expect(rows.every((row) => row.length === embeddedHeader.length)).toBe(true)
    expect(rows[0]?.[4]).toContain('everything it can load adds 10.5 kB gzip (7.7 kB lazily)')
    expect(rows[1]?.[4]).toContain('2 files (plugins/embedded/session.ts 7.0 kB, ui/modal/views/EmailLogin/EmailLogin.tsx 2.1 kB)')
    expect(rows[1]?.[4]).toContain('2 other files, 8.2 kB gzip')
    expect(rows[2]?.[4]).toContain('app.js 46.0 kB, style.css 0.4 kB, index.html 0.3 kB')
    expect(rows[3]?.[4]).toContain('→ FRAME_READY on the port 480.0 ms')
    expect(rows[4]?.[4]).toContain('modal closed 795.0 ms (2 of 3)')
    expect(rows[5]?.[4]).toContain('3/3 signatures recovered to the account')
    expect(rows[6]?.[4]).toContain('3/3 frames ready, 3/3 accounts shown; 0 outside requests, 0 console errors')
    expect(rows[6]?.[4]).toContain(embeddedNoPeer)
    expect(mdTable(embeddedHeader, rows).split('\n')).toHaveLength(9)
  })

  it('reads figures back from JSON, a series with no run that got there included', () => {
    const none = summarize([])
    const read = JSON.parse(JSON.stringify({ ...figures, sign: { approved: none, call: none, verified: 0 }, signed: 0, bytes: { ...figures.bytes, firstUse: [] } })) as EmbeddedFigures
    const rows = embeddedRows(read)
    expect(rows[1]?.slice(1)).toEqual(['0.0 kB gzip', '—', '—', 'no run reached the account: nothing recorded'])
    expect(rows[5]?.slice(1)).toEqual(['none', '—', '—', 'no approval returned a signature within 15 s (3 tried)'])
    expect(rows[6]?.[1]).toBe('0/3 signed')
  })

  it('says how, that the frame was shown by hand, and has its section', () => {
    const how = embeddedHow(figures, { runs: 12, settleMs: 1_000 }).join('\n')
    expect(how).toContain('npx tsx bench/embedded.ts')
    expect(how).toContain('npm run bench -- --embedded')
    expect(how).toContain('each of 12 runs')
    expect(how).toContain('500 ms')
    const section = embeddedMarkdown(figures, { runs: 12, settleMs: 1_000 })
    expect(section[0]).toBe('## Embedded wallet')
    expect(section).toContain('### How (embedded wallet)')
    expect(section.at(-1)).toBe('')
  })

  it('fails on a frame never ready, an account never shown, a signature missing or not the account’s, or an outside request', () => {
    expect(embeddedFailures(figures)).toEqual([])
    expect(embeddedFailures({ ...figures, readied: 2, shown: 1, signed: 1, sign: { ...figures.sign, verified: 0 }, outsideRequests: ['https://api.web3modal.org/'] })).toEqual([
      'error: embedded wallet: 1 of 3 frames never became ready',
      'error: embedded wallet: 2 of 3 codes entered never showed the account',
      'error: embedded wallet: 2 of 3 approvals never returned a signature',
      "error: embedded wallet: 1 of 1 signatures were not the account's",
      'error: a request left 127.0.0.1: https://api.web3modal.org/',
    ])
  })

  it('takes 12 to 18 runs and --json', () => {
    expect(readEmbeddedArgs([])).toEqual({ runs: 12, json: false })
    expect(readEmbeddedArgs(['15', '--json'])).toEqual({ runs: 15, json: true })
    expect(() => readEmbeddedArgs(['11'])).toThrow('12 to 18 runs (got 11)')
    expect(() => readEmbeddedArgs(['19'])).toThrow('12 to 18 runs (got 19)')
  })

  it('counts the plugin and its views as the embedded wallet’s code, and nothing else', () => {
    expect(isEmbeddedInput('plugins/embedded/session.ts')).toBe(true)
    expect(isEmbeddedInput('ui/modal/views/EmailLogin/EmailField.tsx')).toBe(true)
    expect(isEmbeddedInput('ui/modal/views/Send/Send.tsx')).toBe(false)
    expect(isEmbeddedInput('plugins/eip155/balance.ts')).toBe(false)
  })
})
