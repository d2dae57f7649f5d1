import { describe, expect, it } from 'vitest'
import { readEmbeddedArgs } from './embedded'
import { isEmbeddedInput } from './embedded-page'
import type { PageFile } from './embedded-page'
import { embeddedFailures, socialBytes, type EmbeddedFigures } from './embedded-run'
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
    social: {
      buttons: { gzip: 2_300, files: [{ path: '/chunks/SocialButtons-A.js', name: 'ui/modal/views/ConnectingSocial/SocialButtons.tsx', gzip: 1_300 }, { path: '/chunks/chunk-G.js', name: 'shared (glyphs.tsx)', gzip: 1_000 }], fetched: 2 },
      social: { gzip: 1_600, files: [{ path: '/chunks/ConnectingSocial-B.js', name: 'ui/modal/views/ConnectingSocial/ConnectingSocial.tsx', gzip: 200 }, { path: '/chunks/chunk-S.js', name: 'shared (ConnectingSocial.css.ts)', gzip: 1_400 }], fetched: 2 },
      farcaster: { gzip: 5_400, files: [{ path: '/chunks/ConnectingFarcaster-C.js', name: 'ui/modal/views/ConnectingSocial/ConnectingFarcaster.tsx', gzip: 1_100 }, { path: '/chunks/chunk-S.js', name: 'shared (ConnectingSocial.css.ts)', gzip: 1_400 }, { path: '/chunks/chunk-Q.js', name: 'shared (ui/qr/encode.ts)', gzip: 2_900 }], fetched: 2 },
    },
  },
  frame: { inserted: summarize([300, 320, 310]), loaded: summarize([440, 430, 450]), frameReady: summarize([480, 470, 490]), ready: summarize([980, 970, 990]) },
  account: { frame: summarize([420, 400, 440]), dom: summarize([410, 390, 430]), closed: summarize([800, 790]) },
  sign: { approved: summarize([60, 50, 70]), call: summarize([240, 230, 250]), verified: 3 },
  operation: { included: summarize([210, 190, 230]), succeeded: 3 },
  social: { provider: summarize([500, 450, 550]), allowed: summarize([1_000, 900, 1_100]), allowedDom: summarize([990, 890, 1_090]), total: summarize([1_900, 1_800, 2_000]), verified: 3 },
  farcaster: { qr: summarize([480, 440, 520]), signedIn: summarize([1_180, 1_170, 1_190]), signedInDom: summarize([1_170, 1_160, 1_180]), verified: 3 },
  tried: 3,
  readied: 3,
  shown: 3,
  signed: 3,
  socialShown: 3,
  farcasterTried: 3,
  farcasterShown: 3,
  outsideRequests: [],
  consoleErrors: [],
}

describe('the embedded wallet section of the report', () => {
  it('has rows for the host bytes up front and on first use, the frame app, the three timings and the runs', () => {
    const rows = embeddedRows(figures)
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['host page: embeddedWallet() up front', '2.8 kB gzip', '—', '—'],
      ['host page: on first use', '9.1 kB gzip', '—', '—'],
      ['host page: social buttons on Connect', '2.3 kB gzip', '—', '—'],
      ['host page: ConnectingSocial on first use', '1.6 kB gzip', '—', '—'],
      ['host page: ConnectingFarcaster on first use', '5.4 kB gzip', '—', '—'],
      ['frame app', '46.7 kB gzip', '—', '—'],
      ['frame load → READY', '980.0 ms', '970.0 ms', '990.0 ms'],
      ['code entered → account shown', '420.0 ms', '400.0 ms', '440.0 ms'],
      ['approve click → signature returned', '60.0 ms', '50.0 ms', '70.0 ms'],
      ['approve click → user operation included', '210.0 ms', '190.0 ms', '230.0 ms'],
      ['Google: click → provider page', '500.0 ms', '450.0 ms', '550.0 ms'],
      ['Google: Allow → account shown', '1000.0 ms', '900.0 ms', '1100.0 ms'],
      ['Farcaster: click → QR shown', '480.0 ms', '440.0 ms', '520.0 ms'],
      ['Farcaster: Sign in → account shown', '1180.0 ms', '1170.0 ms', '1190.0 ms'],
      ['runs', '3/3 signed', '—', '—'],
    ])
    expect(rows.every((row) => row.length === embeddedHeader.length)).toBe(true)
    expect(rows[0]?.[4]).toContain('everything it can load adds 10.5 kB gzip (7.7 kB lazily)')
    expect(rows[1]?.[4]).toContain('2 files (plugins/embedded/session.ts 7.0 kB, ui/modal/views/EmailLogin/EmailLogin.tsx 2.1 kB)')
    expect(rows[1]?.[4]).toContain('2 other files, 8.2 kB gzip')
    expect(rows[2]?.[4]).toContain("2 files beyond the page's first load and the modal's chunk (ui/modal/views/ConnectingSocial/SocialButtons.tsx 1.3 kB, shared (glyphs.tsx) 1.0 kB")
    expect(rows[2]?.[4]).toContain("2/2 fetched by the first Google run's page")
    expect(rows[3]?.[4]).toContain("beyond the page's first load, the modal's chunk and the social buttons'")
    expect(rows[4]?.[4]).toContain('shared (ui/qr/encode.ts) 2.9 kB')
    expect(rows[4]?.[4]).toContain("2/3 fetched by the first Farcaster run's page")
    expect(rows[5]?.[4]).toContain('app.js 46.0 kB, style.css 0.4 kB, index.html 0.3 kB')
    expect(rows[6]?.[4]).toContain('→ FRAME_READY on the port 480.0 ms')
    expect(rows[7]?.[4]).toContain('modal closed 795.0 ms (2 of 3)')
    expect(rows[8]?.[4]).toContain("3/3 signatures verified as the account's")
    expect(rows[9]?.[4]).toContain("the smart account's `wallet_sendCalls` of one call")
    expect(rows[9]?.[4]).toContain('3/3 succeeded; 3 runs')
    expect(rows[10]?.[4]).toContain("the visitor's wait: the click on 'Continue with Google' → the stand-in provider's login page painted in the popup")
    expect(rows[11]?.[4]).toContain('in DOM 990.0 ms; the whole click → account 1900.0 ms, which also holds the script filling the provider')
    expect(rows[11]?.[4]).toContain("3/3 the run's e-mail on AUTH")
    expect(rows[12]?.[4]).toContain("QR code painted")
    expect(rows[13]?.[4]).toContain("in DOM 1170.0 ms; 3/3 the fid's on AUTH")
    expect(rows[14]?.[4]).toContain('3/3 frames ready, 3/3 accounts shown; 3/3 Google logins and 3/3 Farcaster logins shown; 0 outside requests, 0 console errors')
    expect(rows[14]?.[4]).toContain(embeddedNoPeer)
    expect(mdTable(embeddedHeader, rows).split('\n')).toHaveLength(17)
  })

  it('reads figures back from JSON, a series with no run that got there included', () => {
    const none = summarize([])
    const read = JSON.parse(
      JSON.stringify({
        ...figures,
        sign: { approved: none, call: none, verified: 0 },
        operation: { included: none, succeeded: 0 },
        signed: 0,
        social: { provider: none, allowed: none, allowedDom: none, total: none, verified: 0 },
        farcaster: { ...figures.farcaster, signedIn: none, signedInDom: none, verified: 0 },
        bytes: { ...figures.bytes, firstUse: [] },
      }),
    ) as EmbeddedFigures
    const rows = embeddedRows(read)
    expect(rows[1]?.slice(1)).toEqual(['0.0 kB gzip', '—', '—', 'no run reached the account: nothing recorded'])
    expect(rows[8]?.slice(1)).toEqual(['none', '—', '—', 'no approval returned a signature within 15 s (3 tried)'])
    expect(rows[9]?.slice(1)).toEqual(['none', '—', '—', 'no user operation was included within 15 s (3 tried)'])
    expect(rows[10]?.slice(1)).toEqual(['none', '—', '—', "no popup reached the provider's page within 15 s (3 tried)"])
    expect(rows[11]?.slice(1)).toEqual(['none', '—', '—', 'no Google login showed the account within 15 s (3 tried)'])
    expect(rows[12]?.slice(1, 4)).toEqual(['480.0 ms', '440.0 ms', '520.0 ms'])
    expect(rows[13]?.slice(1)).toEqual(['none', '—', '—', 'no Farcaster login showed the account within 15 s (3 tried)'])
    expect(rows[14]?.[1]).toBe('0/3 signed')
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
    expect(
      embeddedFailures({
        ...figures,
        readied: 2,
        shown: 1,
        signed: 1,
        sign: { ...figures.sign, verified: 0 },
        socialShown: 2,
        social: { ...figures.social, verified: 1 },
        farcasterTried: 2,
        farcasterShown: 1,
        farcaster: { ...figures.farcaster, verified: 0 },
        outsideRequests: ['https://api.web3modal.org/'],
      }),
    ).toEqual([
      'error: embedded wallet: 1 of 3 frames never became ready',
      'error: embedded wallet: 2 of 3 codes entered never showed the account',
      'error: embedded wallet: 2 of 3 approvals never returned a signature',
      "error: embedded wallet: 1 of 1 signatures were not the account's",
      'error: embedded wallet: 1 of 3 Google logins never showed the account',
      "error: embedded wallet: 1 of 2 Google logins showed another account than the e-mail's (AUTH)",
      'error: embedded wallet: 1 of 2 Farcaster logins never showed the account',
      "error: embedded wallet: 1 of 1 Farcaster logins showed another account than the fid's (AUTH)",
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

  it('counts a social part’s bytes beyond what the page holds: its chunk and its static imports, less the first load, the modal and (for the views) the buttons', () => {
    const file = (path: string, name: string, gzip: number, imports: string[] = []): [string, PageFile] => [path, { path, name, gzip, imports, embedded: false }]
    const files = new Map<string, PageFile>([
      file('/dapp.js', 'dapp.tsx', 50_000, ['/chunks/shared-react.js']),
      file('/chunks/shared-react.js', 'shared (react)', 40_000),
      file('/chunks/modal-M.js', 'ui/modal/index.tsx', 30_000, ['/chunks/shared-react.js', '/chunks/shared-modal.js']),
      file('/chunks/shared-modal.js', 'shared (ui/modal/kit.ts)', 3_000),
      file('/chunks/SocialButtons-A.js', 'ui/modal/views/ConnectingSocial/SocialButtons.tsx', 1_300, ['/chunks/shared-modal.js', '/chunks/glyphs.js']),
      file('/chunks/glyphs.js', 'shared (glyphs.tsx)', 1_000),
      file('/chunks/ConnectingSocial-B.js', 'ui/modal/views/ConnectingSocial/ConnectingSocial.tsx', 200, ['/chunks/social-view.js', '/chunks/glyphs.js']),
      file('/chunks/social-view.js', 'shared (ConnectingSocial.css.ts)', 1_400, ['/chunks/shared-modal.js']),
      file('/chunks/ConnectingFarcaster-C.js', 'ui/modal/views/ConnectingSocial/ConnectingFarcaster.tsx', 1_100, ['/chunks/social-view.js', '/chunks/qr.js']),
      file('/chunks/qr.js', 'shared (ui/qr/encode.ts)', 2_900, ['/chunks/qr.js']),
    ])
    const bytes = socialBytes(files, { social: ['/dapp.js', '/chunks/SocialButtons-A.js', '/chunks/ConnectingSocial-B.js'], farcaster: ['/chunks/ConnectingFarcaster-C.js', '/chunks/qr.js'] })
    expect(bytes.buttons.files.map((f) => f.path)).toEqual(['/chunks/SocialButtons-A.js', '/chunks/glyphs.js'])
    expect(bytes.buttons).toMatchObject({ gzip: 2_300, fetched: 1 })
    expect(bytes.social.files.map((f) => f.path)).toEqual(['/chunks/ConnectingSocial-B.js', '/chunks/social-view.js'])
    expect(bytes.social).toMatchObject({ gzip: 1_600, fetched: 1 })
    expect(bytes.farcaster.files.map((f) => f.path)).toEqual(['/chunks/ConnectingFarcaster-C.js', '/chunks/social-view.js', '/chunks/qr.js'])
    expect(bytes.farcaster).toMatchObject({ gzip: 5_400, fetched: 2 })
  })
})
