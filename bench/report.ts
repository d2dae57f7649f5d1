/** Tables and "How" text of the dapp-size, modal-open, WalletConnect, sign-in, Activity and embedded wallet benches, for the console and bench/RESULTS.md. */
import { readFileSync } from 'node:fs'
import { arch, cpus, platform, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { kb } from '../scripts/build'
import type { ActivityFigures, ActivityOptions, ActivitySeries } from './activity-run'
import { dapps, everyPluginDapp, pluginCosts, type Bytes, type DappCost } from './app'
import type { EmbeddedFigures, EmbeddedOptions } from './embedded-run'
import type { OpenFigures, OpenOptions, OpenRun, OpenSeries } from './open'
import type { Summary } from './stats'
import type { SiwxFigures, SiwxModeFigures, SiwxOptions } from './siwx-run'
import type { QrSeries, WcFigures, WcOptions } from './wc-run'

const root = fileURLToPath(new URL('..', import.meta.url))

/** A plain-text table with aligned columns. */
export function textTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}

/** A Markdown table. */
export function mdTable(header: string[], body: string[][]): string {
  const md = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [md(header), md(header.map(() => '---')), ...body.map(md)].join('\n')
}

/** Installed versions (node_modules/…/package.json) of the packages the figures depend on. */
export function versions(): Record<string, string> {
  const names = ['react', 'react-dom', 'viem', 'esbuild', 'playwright-core']
  const read = (name: string) => (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
  return Object.fromEntries(names.map((name) => [name, read(name)]))
}

/** Node, OS, CPU and memory of this machine, as Markdown list items. */
export function machineLines(chromium?: string): string[] {
  const v = versions()
  return [
    `- Node ${process.version} (${platform()} ${release()} ${arch()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `- CPU: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    `- ${Object.entries(v).map(([name, version]) => `${name} ${version}`).join(', ')}${chromium ? `, chromium ${chromium}` : ''}`,
  ]
}

const sizes = (b: Bytes) => [kb(b.raw), kb(b.gzip), kb(b.brotli)]
const minus = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli, files: a.files - b.files })
const brief = (b: Bytes) => `${kb(b.gzip)} gzip, ${kb(b.brotli)} br`

/** Header of the dapp-size table. */
export const appHeader = ['dapp', 'what', 'raw', 'gzip', 'brotli', 'notes']

/** Rows of the dapp-size table: initial load split, everything loadable, lazy chunks (first dapp), and what each plugin adds. */
export function appRows(costs: readonly DappCost[]): string[][] {
  const rows: string[][] = []
  const detailed = new Set(dapps.filter((d) => d.detailed).map((d) => d.name))
  for (const [i, d] of costs.filter((c) => detailed.has(c.name)).entries()) {
    rows.push(
      [d.name, '(a) initial load, total', ...sizes(d.initial.total), `entry + ${d.initial.total.files - 1} statically imported chunks; React bundled`],
      ['', '    React + react-dom', ...sizes(d.initial.react), 'total minus the React-external build (scheduler included)'],
      ['', '    Latch + everything else', ...sizes(d.initial.latch), 'the build with react, react-dom, scheduler external'],
      ['', '(b) every output JS file', ...sizes(d.all.total), `${d.all.total.files} files; without React: ${kb(d.all.latch.raw)} raw, ${brief(d.all.latch)}`],
      ['', '    reachable via Latch imports', ...sizes(d.latchReach.total), `skips viem/ox's own dynamic imports; without React: ${brief(d.latchReach.latch)}`],
    )
    if (i > 0) continue
    for (const chunk of d.chunks.filter((c) => !c.name.startsWith('shared chunk'))) {
      const adds = chunk.adds ? `with its shared chunks not in (a): ${kb(chunk.adds.raw)} raw, ${brief(chunk.adds)} (${chunk.adds.files} files)` : 'no other chunk'
      rows.push(['', `(c) ${chunk.name}`, ...sizes(chunk.bytes), adds])
    }
  }
  for (const p of pluginCosts) {
    const cost = pluginCost(costs, p.plugin)
    if (!cost) continue
    const { initial, all, lazy } = cost
    rows.push([
      p.plugin,
      `${p.with} − ${p.without}, initial`,
      ...sizes(initial),
      `React external; every file: +${kb(all.raw)} raw, +${kb(all.gzip)} gzip, +${kb(all.brotli)} br (lazy, every file − initial: +${kb(lazy.gzip)} gzip)`,
    ])
  }
  return rows
}

/** What a plugin of `pluginCosts` adds (React external): up front, every file, and the lazy part (every file − initial); undefined without both dapps. */
export function pluginCost(costs: readonly DappCost[], plugin: string): { initial: Bytes; all: Bytes; lazy: Bytes } | undefined {
  const p = pluginCosts.find((cost) => cost.plugin === plugin)
  const withIt = costs.find((c) => c.name === p?.with)
  const without = costs.find((c) => c.name === p?.without)
  if (!withIt || !without) return undefined
  const initial = minus(withIt.initial.latch, without.initial.latch)
  const all = minus(withIt.all.latch, without.all.latch)
  return { initial, all, lazy: minus(all, initial) }
}

/** Header of the views-and-plugins table. */
export const partsHeader = ['view or plugin', 'up front', 'lazily', 'notes']

/**
 * Rows of the views-and-plugins table: every view of the modal and every plugin folder in the dapp with every plugin, minified
 * bytes up front and lazily; notes: a view's chunk (gzip, from the first dapp's lazy chunks) or a plugin's cost (pluginCosts).
 */
export function partsRows(costs: readonly DappCost[]): string[][] {
  const every = costs.find((c) => c.name === everyPluginDapp)
  if (!every) return []
  const chunks = costs[0]?.chunks ?? []
  const note = (part: string): string => {
    if (part.startsWith('ui/modal/views/')) {
      const view = part.slice('ui/modal/views/'.length)
      const chunk = chunks.find((c) => c.name.startsWith(`${part}/${view}.`))
      if (!chunk) return 'in the modal chunk (ui/modal/index.tsx)'
      return `its own chunk: ${kb(chunk.bytes.gzip)} gzip${chunk.adds ? `, ${kb(chunk.adds.gzip)} gzip with the shared chunks it loads (${chunk.adds.files} files)` : ''}`
    }
    const plugin = pluginCosts.find((p) => p.folder === part)
    const cost = plugin && pluginCost(costs, plugin.plugin)
    if (part === 'plugins/eip155') return 'in every dapp'
    if (!plugin || !cost) return 'loaded by the plugins that use it'
    return `${plugin.plugin} adds +${kb(cost.initial.gzip)} gzip up front, +${kb(cost.lazy.gzip)} gzip lazily, its dependencies included (React external)`
  }
  return every.parts.map((p) => [p.part, `${kb(p.upFront)} min`, `${kb(p.lazily)} min`, note(p.part)])
}

/** Largest contributors to the first dapp's initial load (minified bytes from the metafile), the rest summed. */
export function moduleRows(cost: DappCost, top = 12): string[][] {
  const total = cost.initialModules.reduce((sum, m) => sum + m.bytes, 0)
  const share = (bytes: number) => `${((100 * bytes) / total).toFixed(1)} %`
  const rest = cost.initialModules.slice(top).reduce((sum, m) => sum + m.bytes, 0)
  return [
    ...cost.initialModules.slice(0, top).map((m) => [m.group, kb(m.bytes), share(m.bytes)]),
    [`${cost.initialModules.length - top} more`, kb(rest), share(rest)],
  ]
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const timed = (s: Summary) => [ms(s.median), ms(s.min), ms(s.max), String(s.runs)]

/** Header of the modal-open table. */
export const openHeader = ['provider API', 'measure', 'median', 'min', 'max', 'runs', 'notes']

function openNotes(s: OpenSeries): string {
  const n = s.painted.runs
  const lead = s.chunkLead.runs ? `, median ${ms(s.chunkLead.median)} before it` : ''
  return `click → row in DOM ${ms(s.dom.median)}; modal chunk fetched before click ${s.chunkLoaded}/${n}, fetch started before click ${s.chunkStarted}/${n}${lead}; shell shown ${s.shellSeen}/${n}`
}

/** Rows of the modal-open table for both runs. */
export function openRows(figures: OpenFigures): string[][] {
  return figures.runs.flatMap((r: OpenRun) => [
    [r.mode, 'navigation → button interactive', ...timed(r.interactive), `fresh pages; DOMContentLoaded median ${ms(r.domContentLoaded.median)}`],
    ['', 'first open, 1 s after load', ...timed(r.first.painted), openNotes(r.first)],
    ['', 'later opens, same page', ...timed(r.warm.painted), openNotes(r.warm)],
    ['', 'cold first open', ...timed(r.cold.painted), openNotes(r.cold)],
    ['', 'dev wallet listed', `${r.listed}/${r.tried} opens`, '—', '—', '—', `${r.apiRequests} API requests ${r.mode === 'hanging' ? 'held, never answered' : 'answered'}; ${r.outsideRequests.length} outside requests; ${r.consoleErrors.length} console errors`],
  ])
}

/** The "How" items of the dapp-size bench. */
export function appHow(costs: readonly DappCost[]): string[] {
  return [
    `- **What a dapp pays** (bench/app.ts): a dapp entry written to a temporary \`dapp.tsx\`: \`createLatch({ networks: [fromViemChain(mainnet)], plugins: [eip155(), api()] })\` and \`<LatchProvider latch={latch}><ConnectButton/></LatchProvider>\` rendered with \`react-dom/client\`, importing the repository's kernel/index.ts, plugins/eip155/index.ts, plugins/api/index.ts, ui/index.ts and \`viem/chains\`; "${costs[1]?.name ?? 'EVM only'}" is the same without \`api()\`; "EVM + api + Solana" adds \`solana()\` with \`solanaMainnet()\` (plugins/solana/index.ts) and "EVM + api + Bitcoin" adds \`bip122()\` with \`bitcoin\` (plugins/bip122/index.ts) to "EVM + api" — these two have no rows of their own. **What a plugin adds** (api, Solana, Bitcoin plugin rows): the dapp with it minus the dapp without it, React external, per figure: **initial** (up front, in the raw/gzip/brotli columns) and **every file** (the notes, with its lazy part, every file − initial). One esbuild configuration: ESM, \`bundle\`, \`splitting\`, \`minify\`, platform browser, target es2022, \`jsx: automatic\`, \`process.env.NODE_ENV = "production"\`, every dependency bundled, written to a temporary folder with a metafile. Each dapp is built twice, differing only in \`external\`: once with react, react-dom and scheduler (and subpaths) external — **Latch + everything else** (Latch, zod, rxjs, viem's chain, the dapp) — and once with nothing external — the **total**. **React + react-dom** is total minus the first (per figure, so its gzip and brotli are differences of sums, not compressions of React alone).`,
    '- Sizes: every file compressed on its own (gzip level 9, brotli quality 11, node:zlib) and summed, as a browser fetches them. **(a) initial load**: the entry output and every output it reaches through static `import` statements in the metafile (what the page downloads before the modal opens; `LatchProvider` then preloads the modal chunk when the browser is idle). **(b)**: every `.js` output; "reachable via Latch imports" follows static imports and dynamic imports of the repository\'s own modules, leaving out chunks split at dynamic imports inside node_modules (viem\'s Tempo error decoder, ox\'s wasm miner), which an EVM dapp on mainnet does not load. **(c)**: each output split at a dynamic `import()` (named by the metafile\'s `entryPoint`: the modal, each lazy view, plugins/eip155/lazy-viem.ts, viem\'s own), alone and with the shared chunks it imports statically that (a) does not hold — what loading it costs.',
    '- Who fills the initial load: `outputs[file].inputs[path].bytesInOutput` of the bundled build\'s initial files, summed by package (node_modules) or repository folder; minified bytes before compression.',
    `- **Views and plugins**: "${everyPluginDapp}" is "EVM + api" with every other plugin (solana, bip122, walletConnect, siwx, names, swap) and their mainnets, bundled like the others. For each view folder (\`ui/modal/views/<View>\`) and plugin folder (\`plugins/<name>\`), \`bytesInOutput\` of its modules summed over the initial files (**up front**) and over the files Latch's own imports reach beyond them (**lazily**), minified. The notes give a lazy view's chunk (gzip, from "${costs[0]?.name ?? 'EVM + api'}"'s (c) rows) and what a plugin adds with its dependencies ("What a plugin adds" rows). The package build's figures of the same kind (each entry's first load up front, everything its imports may load lazily) are budgeted in \`parts\` of bench/size-budget.json (scripts/size-budget.ts).`,
  ]
}

/** The "How" items of the modal-open bench. */
export function openHow(figures: OpenFigures, options: OpenOptions): string[] {
  return [
    `- **Modal open latency** (bench/open.ts, bench/probe.ts): \`startDemo()\` (two anvils, the provider API, the dev wallet, the demo dapp built minified and code-split with production React) and headless Debian chromium ${figures.chromium} via playwright-core (\`launchBrowser\`), each page in a fresh context (no cache) from \`newGuardedPage\`, which aborts and records any request that leaves 127.0.0.1 (every request goes through its route handler in node, so absolute load times carry one round trip to node per request). An init script (before the page's scripts) watches the DOM with a MutationObserver and records \`performance.now()\` when an enabled button reading 'Connect Wallet' appears: **navigation → button interactive** (performance.now() counts from navigation start; ${options.loads} fresh loads, \`goto\` until \`load\`).`,
    '- Each open: `page.evaluate` arms the probe — a capture-phase `click` listener on window records `performance.now()`; MutationObservers on document.body and on the `<latch-modal>` shadow root, plus a `requestAnimationFrame` loop, look for `[role=dialog]:not([aria-busy="true"])` holding a button whose text includes \'Latch Dev Wallet\' (**row in DOM**), then two more frames are awaited: the first frame draws the row, the callback of the next runs after that paint (**painted**, the figure in the median column; it moves in steps of a frame, 16.7 ms at 60 Hz). playwright clicks the button (`locator.click`), the page reports, Escape closes the dialog and the bench waits until its `.backdrop` is gone. It also records whether the modal chunk (`/chunks/modal-*.js`) had been fetched before the click (resource timing), when its fetch started, and whether the loading shell (`aria-busy="true"`) showed.',
    `- **first open**: on each of the ${options.loads} fresh pages, ${options.settleMs} ms after \`load\` (the idle preload of the modal has had time). **later opens**: ${options.warmOpens} more opens of the first page, ${options.pauseMs} ms after each close. **cold first open**: ${options.coldOpens} fresh pages, \`goto\` until \`DOMContentLoaded\`, then the probe is armed the moment the button is interactive and \`page.mouse.click\` clicks its centre at once (no actionability waits, which would let the idle preload finish first). The idle preload (\`requestIdleCallback\` after the first render) and the pointer-enter of the mouse move usually start the chunk fetch in the few tens of ms before the click lands (see "fetch started before click"), but the modal is not ready yet: "shell shown" counts the opens that drew the loading shell first, i.e. that waited for the modal chunk (one file beyond the first load: docs/chunks.md).`,
    `- **provider API answering**: the demo's local provider API serves the wallet list. **hanging**: \`page.route\` matches every request to \`demo.stack.api.url\` and never fulfils, continues or aborts it, so each stays pending until the page closes; the modal must still open and list the EIP-6963 dev wallet. Medians, min and max over the runs given; the bench fails if an open did not list the dev wallet or a request left 127.0.0.1.`,
  ]
}

/** Header of the WalletConnect table. */
export const wcHeader = ['measure', 'median', 'min', 'max', 'notes']

function qrNotes(s: QrSeries, where: string): string {
  const n = s.frame.runs
  const sessionIn = s.sessionIn.runs ? `; session chunk in ${ms(s.sessionIn.median)} after the click` : ''
  return `${where}; QR in DOM ${ms(s.dom.median)}${sessionIn}; scripts fetched after the click: median ${s.scripts.median} (${kb(s.scriptBytes.median)} as served); before the click the view chunk had loaded ${s.viewLoaded}/${n}, the session chunk ${s.sessionLoaded}/${n}; ${n} runs`
}

/** Rows of the WalletConnect table: choosing it cold and warm, the approval to the account shown, and the runs' record. */
export function wcRows(f: WcFigures): string[][] {
  const a = f.account
  const three = (s: Summary) => [ms(s.median), ms(s.min), ms(s.max)]
  return [
    ['choose WalletConnect → QR painted, cold', ...three(f.cold.frame), qrNotes(f.cold, 'first choice in a fresh page')],
    ['choose WalletConnect → QR painted, warm', ...three(f.warm.frame), qrNotes(f.warm, 'the same page, after Back')],
    [
      'wallet approval → address shown',
      ...three(a.frame),
      `from the wallet's \`decide\` (session) to the first frame showing the account; in DOM ${ms(a.dom.median)}; modal closed ${ms(a.closed.median)} (${a.closed.runs} of ${a.frame.runs}); the wallet's \`pair()\` resolved ${ms(a.pairResolved.median)}; ${a.frame.runs} runs`,
    ],
    ['runs', `${f.connected}/${f.tried} connected`, '—', '—', `${f.qrShown}/${2 * f.tried} QR codes drawn; ${f.outsideRequests.length} outside requests; ${f.consoleErrors.length} console errors`],
  ]
}

/** The "How" items of the WalletConnect bench; `costs` (from the dapp builds) gives the plugin's bytes when there. */
export function wcHow(f: WcFigures, options: WcOptions, costs: readonly DappCost[] = []): string[] {
  const cost = pluginCost(costs, 'WalletConnect plugin')
  const bytes = cost ? ` (here +${kb(cost.initial.gzip)} gzip up front, +${kb(cost.lazy.gzip)} gzip lazily, React external)` : ''
  return [
    `- **WalletConnect** (bench/wc-run.ts, bench/wc-page.ts, bench/wc-probe.ts; alone: \`npx tsx bench/walletconnect.ts\`): \`startDemo()\` as for the modal open, its WalletConnect relay on 127.0.0.1, the demo at \`/?families=eip155\` (only EVM is proposed), chromium ${f.chromium}. The wallet is the stack's WalletConnect dev wallet code (scripts/devnet/wc-wallet/wallet.ts: the real sign-client, in Node) started a second time on the stack's relay, with a \`decide\` that approves everything and records \`Date.now()\` for \`kind: 'session'\`. Each of ${options.runs} runs is a fresh page from \`newGuardedPage\` (fresh context: no cache, no stored sign-client data), \`goto\` until \`load\`, ${options.settleMs} ms, 'Connect Wallet', the list with its WalletConnect row.`,
    `- **choose WalletConnect → QR painted**: an init script arms a capture-phase \`click\` listener on window (\`performance.now()\`); playwright clicks the WalletConnect row (\`locator.click\`); from the click a MutationObserver on document.body and on \`latch-modal\`'s shadow root (**QR in DOM**) and a \`requestAnimationFrame\` loop look for the \`<path>\` of the \`[role=img]\` named like 'QR code…' in that shadow root. The figure is \`performance.now()\` in the first animation-frame callback that finds it: that frame paints it (steps of a frame, 16.7 ms at 60 Hz). **cold**: the page's first choice. The plugin's entry only lists the connector: the session code with the sign-client (\`chunks/session-*.js\` and the shared chunks it imports) loads lazily, on this click (docs/walletconnect.md, "What loads when"; its size is in the "WalletConnect plugin" row of "What a plugin adds", every file − initial${bytes}), so the cold figure holds fetching it, starting the sign-client and its relay socket, making the pairing and drawing the code. The QR view's own chunk (\`chunks/ConnectingWalletConnect-*.js\`) is a lazy view the modal preloads once it is idle after mounting, so it has usually loaded by the click. "loaded before the click" and "session chunk in" (its \`responseEnd\`: the rest is starting the client, pairing and drawing) are from resource timing; "scripts fetched after the click" counts \`.js\` entries whose fetch started between the click and that frame, bytes as served (\`encodedBodySize\`; the demo's server does not compress). **warm**: the header's Back (the pairing is given up), ${options.pauseMs} ms, the row again in the same page: the chunks and the client are there, and a fresh pairing is made on the open relay connection.`,
    '- **wallet approval → address shown**: after the warm choice the URI is read back from a screenshot of the QR code (jsqr; not timed), the page is armed (a MutationObserver on the document and an animation-frame loop) for `[data-testid=demo-address]` reading the wallet\'s account, and `wallet.pair(uri)` is called. Start: the wallet\'s `decide` for the session proposal, in Node, just before it calls the sign-client\'s `approve()` (which sends the approval and the session settlement through the relay). End: `Date.now()` in the page in the first animation frame in which the address reads the account. Both are `Date.now()` on one machine (one wall clock, 1 ms steps). Notes: the address in the DOM (the MutationObserver), the modal closed (the first frame from then on with no `.backdrop` in its shadow root), and when the wallet\'s `pair()` resolved (its `approve()` returned). Then `wallet.disconnect(topic)` for each of its sessions, and the bench waits for the demo\'s disconnected hint before the page closes.',
    '- Medians, min and max through `summarize`; the bench fails if a choice drew no QR code within 30 s, a pairing did not show the account within 15 s, or a request left 127.0.0.1. Console errors are counted, not failed on.',
  ]
}

/** Header of the sign-in table. */
export const siwxHeader = ['mode', 'measure', 'median', 'min', 'max', 'notes']

function siwxViewNotes(m: SiwxModeFigures): string {
  const v = m.view
  const n = v.frame.runs
  if (!n) return `no approved connection showed the view within 15 s (${m.tried} tried)`
  const session = v.session.runs ? `; the session request (\`GET /api/siwx/session\`) answered ${ms(v.session.median)} after the click` : ''
  return `view with its enabled Sign in DOM ${ms(v.dom.median)}${session}; before the click the flow chunk had loaded ${v.flowLoaded}/${n}, the view chunk ${v.viewLoaded}/${n}; scripts fetched after the click: median ${v.scripts.median} (${kb(v.scriptBytes.median)} as served); ${n} runs`
}

function siwxSignedNotes(m: SiwxModeFigures): string {
  const s = m.signed
  const n = s.frame.runs
  if (!n) return `no run signed in within 15 s (${m.tried} tried)`
  const verify = `the verify chunk loaded before the click ${s.verifyLoaded}/${n}, fetched after it ${s.verifyFetched}/${n}${s.verifyIn.runs ? ` (in ${ms(s.verifyIn.median)} after the click)` : ''}`
  const post = s.post.runs ? `; \`POST /api/siwx/verify\` answered ${ms(s.post.median)} after the click (${s.post.runs} of ${n})` : ''
  return `modal closed and the demo reading \`until …\`, in DOM ${ms(s.dom.median)}; \`until …\` first painted ${ms(s.shown.median)}${post}; ${verify}; scripts fetched after the click: median ${s.scripts.median} (${kb(s.scriptBytes.median)} as served); ${n} runs`
}

/** Rows of the sign-in table: per mode, the connection approved to the view, the signature approved to signed in, and the runs' record. */
export function siwxRows(f: SiwxFigures): string[][] {
  // A mode whose every run failed has no samples (NaN here, null once through JSON).
  const three = (s: Summary) => (s.runs ? [ms(s.median), ms(s.min), ms(s.max)] : ['none', '—', '—'])
  return f.modes.flatMap((m, i) => [
    [m.mode, 'connection approved → sign-in view painted', ...three(m.view.frame), siwxViewNotes(m)],
    ['', 'signature approved → signed in', ...three(m.signed.frame), siwxSignedNotes(m)],
    [
      '',
      'runs',
      `${m.signedIn}/${m.tried} signed in`,
      '—',
      '—',
      `\`${m.path}\`; ${m.viewsShown}/${m.tried} sign-in views shown${i === f.modes.length - 1 ? `; both modes: ${f.outsideRequests.length} outside requests, ${f.consoleErrors.length} console errors` : ''}`,
    ],
  ])
}

/** The "How" items of the sign-in bench; `costs` (from the dapp builds) gives the plugin's bytes when there. */
export function siwxHow(f: SiwxFigures, options: SiwxOptions, costs: readonly DappCost[] = []): string[] {
  const cost = pluginCost(costs, 'SIWX plugin')
  const bytes = cost ? ` (here +${kb(cost.initial.gzip)} gzip up front, +${kb(cost.lazy.gzip)} gzip lazily, React external)` : ''
  return [
    `- **Sign in with the wallet** (bench/siwx-run.ts, bench/siwx-page.ts, bench/siwx-probe.ts; alone: \`npx tsx bench/siwx.ts\`): \`startDemo()\` as for the modal open, chromium ${f.chromium}, EVM only with the EVM dev wallet (its prompt is a card in the page, in its own shadow root). The demo registers \`siwx({ statement })\` (not required) at ${f.modes.map((m) => `\`${m.path}\``).join(' and ')}: **browser** mode (the signature checked and verified in the page, the session kept in localStorage) and **server** mode (the demo's sign-in backend on the page's own origin, scripts/devnet/siwx-backend.ts: a nonce from \`GET /api/siwx/nonce\` before the wallet is asked, then \`POST /api/siwx/verify\` with the signed message, which the backend checks and verifies with viem's \`verifySiweMessage\` against the stack's anvil, answering the session and its cookie). Each of ${options.runs} runs per mode (the modes alternating) is a fresh page from \`newGuardedPage\` (fresh context: no cache, no cookie, no stored session), \`goto\` until \`load\`, ${options.settleMs} ms, 'Connect Wallet', 'Latch Dev Wallet' in the list, the wallet's connection prompt; after the sign-in the page is closed.`,
    '- **connection approved → sign-in view painted**: an init script arms a capture-phase `click` listener on window that takes the next click whose target (`composedPath()[0]`, inside the prompt\'s shadow root) is `[data-testid=dev-wallet-approve]` and records `performance.now()`; playwright clicks Approve (`locator.click`). From the click a MutationObserver on document.body and on `latch-modal`\'s shadow root (**in DOM**) and a `requestAnimationFrame` loop look for `[data-view="SIWXSignMessage"]` in that shadow root holding its Sign button neither `disabled` nor `aria-disabled`; the figure is `performance.now()` in the first animation-frame callback that finds it (that frame paints it; steps of a frame, 16.7 ms at 60 Hz). It holds the wallet\'s answer, the account connecting, the plugin deciding to ask (in the server mode after asking `GET /api/siwx/session`, which has no session for a fresh context) and the modal moving to the view. The plugin loads its flow (`chunks/flow-*.js`) once a wallet starts connecting (the choice of the wallet, before the prompt), and the modal preloads the view (`chunks/SIWXSignMessage-*.js`) once it is idle: "loaded before the click" is from resource timing (`responseEnd` before the click; the probe raises the resource timing buffer, which the demo\'s requests, its RPC calls included, could otherwise fill: 250 entries by default); "scripts fetched after the click" counts `.js` entries whose fetch started between the click and that frame, bytes as served (`encodedBodySize`).',
    `- **signature approved → signed in**: playwright presses Sign in the view (not timed: the nonce, the message and the wallet's prompt reading 'wants you to sign in'), the probe is armed again and Approve clicked. End: the first animation frame in which \`latch-modal\`'s shadow root has no \`.backdrop\` (the modal closed, its exit animation over) and \`[data-testid=demo-signed-in]\` reads \`until …\` (the session in the state). Notes: the first frame reading \`until …\` whether or not the modal was still closing; in the browser mode the verification code (\`chunks/verify-*.js\` and the shared chunks it imports that the page has not loaded: \`verifyEvmSignIn\` with viem's \`verifyMessage\` and @noble/curves' secp256k1) loads lazily when the sign-in view opens (docs/siwx.md, "The flow"), while the visitor reads it and signs, so it has usually loaded before the click ("loaded before the click", and "fetched after it" with its \`responseEnd\` when it had not; its size is in the "SIWX plugin" row of "What a plugin adds", every file − initial${bytes}); in the server mode no verification code loads in the page and the note is the \`POST /api/siwx/verify\` round trip (\`responseEnd\`). Both ends are \`performance.now()\` in the page.`,
    '- Medians, min and max through `summarize`; the bench fails if an approved connection did not show the sign-in view, or an approved signature did not sign in, within 15 s, or a request left 127.0.0.1. Console errors are counted, not failed on.',
  ]
}

/** The "Sign in with the wallet" section of bench/RESULTS.md: the table and its "How" items. */
export function siwxMarkdown(f: SiwxFigures, options: SiwxOptions, costs: readonly DappCost[] = []): string[] {
  return [
    '## Sign in with the wallet',
    '',
    "The EVM dev wallet's approval of the connection → the sign-in view painted, and its approval of the signature → signed in, in headless chromium against the demo dapp, in the siwx plugin's browser and server modes.",
    '',
    mdTable(siwxHeader, siwxRows(f)),
    '',
    '### How (sign in with the wallet)',
    '',
    ...siwxHow(f, options, costs),
    '',
  ]
}

/** Header of the Activity table. */
export const activityHeader = ['measure', 'median', 'min', 'max', 'notes']

function activityNotes(s: ActivitySeries, tried: number, which: 'first' | 'second'): string {
  const n = s.frame.runs
  if (!n) return `no ${which} open showed a transaction row within 15 s (${tried} tried)`
  const history = s.history.runs ? `the history request (\`GET /v1/account/…/history\`) answered ${ms(s.history.median)} after the click (${s.history.runs} of ${n}; by the painted frame in ${s.historyBefore})` : 'no history request after the click'
  return `first row in DOM ${ms(s.dom.median)}; ${history}; before the click the Activity chunk had loaded ${s.viewLoaded}/${n}; scripts fetched after the click: median ${s.scripts.median} (${kb(s.scriptBytes.median)} as served); ${n} runs`
}

/** Rows of the Activity table: the first open, the second open in the same page, and the runs' record. */
export function activityRows(f: ActivityFigures): string[][] {
  // A series with no run that got there has no samples (NaN here, null once through JSON).
  const three = (s: Summary) => (s.runs ? [ms(s.median), ms(s.min), ms(s.max)] : ['none', '—', '—'])
  return [
    ['Activity row clicked → first transaction row painted', ...three(f.first.frame), activityNotes(f.first, f.tried, 'first')],
    ['again in the same page (Back, Activity)', ...three(f.second.frame), activityNotes(f.second, f.tried, 'second')],
    ['runs', `${f.secondShown}/${f.tried} opened twice`, '—', '—', `${f.firstShown}/${f.tried} first opens showed a row; ${f.outsideRequests.length} outside requests, ${f.consoleErrors.length} console errors`],
  ]
}

/** The "How" items of the Activity bench; `lazyGzip`, the Activity chunk's gzip bytes from scripts/size-budget.ts, when known. */
export function activityHow(f: ActivityFigures, options: ActivityOptions, lazyGzip?: number): string[] {
  return [
    `- **Activity** (bench/activity-run.ts, bench/activity-probe.ts, bench/probe-helpers.ts; alone: \`npx tsx bench/activity.ts\`): \`startDemo()\` as for the modal open, chromium ${f.chromium}, the demo at \`${options.path}\` with its provider API on the stack, whose history route (\`GET /v1/account/{address}/history\`) is served by an indexer over the anvils (docs/behaviour.md, "Activity"). Each of ${options.runs} runs is a fresh page from \`newGuardedPage\` (fresh context: no cache, nothing stored), \`goto\` until \`load\`, ${options.settleMs} ms, 'Connect Wallet', 'Latch Dev Wallet', Approve in the wallet's prompt, the demo showing the account and the modal closed, then the account button (\`.latch-account\`: the Account view, with its Activity row); after the second open the page is closed.`,
    '- **Activity row clicked → first transaction row painted**: an init script arms a capture-phase `click` listener on window that takes the next click whose path (`composedPath()`, through the modal\'s shadow root) holds `li[data-feature="activity"]` and records `performance.now()`; playwright clicks the row\'s button. From the click a MutationObserver on document.body and on `latch-modal`\'s shadow root (**in DOM**) and a `requestAnimationFrame` loop look for `[data-view="Activity"] .activity-row` in that shadow root; the figure is `performance.now()` in the first animation-frame callback that finds it (that frame paints it; steps of a frame, 16.7 ms at 60 Hz). It holds the view\'s chunk when not yet loaded, the history request (the view asks for the newest page when it opens) and the list\'s render. "Loaded before the click" is from resource timing (`chunks/Activity-*.js` with its `responseEnd` before the click; the probe raises the resource timing buffer); the history request is the first resource entry for `/v1/account/…/history` whose fetch started after the click (its `responseEnd`); "scripts fetched after the click" counts `.js` entries whose fetch started between the click and that frame, bytes as served (`encodedBodySize`).',
    '- **again in the same page**: Back (to the Account view), the probe armed again, the Activity row clicked: the list is in the state from the first open, so its rows can show before the view\'s new request for the newest page answers (that request is noted, and in how many runs it had answered by the painted frame). The probe reads the resource entries up to 3 s after that frame: an entry joins the timeline after its response ended, possibly after the frame that painted what it brought; the times are the entries\' own.',
    ...(lazyGzip === undefined
      ? []
      : [`- **bytes**: the Activity view is a lazy chunk: ${kb(lazyGzip)} gzip (the "lazy" figure of \`npx tsx scripts/size-budget.ts\` for ui/modal/views/Activity/Activity.tsx, its chunk and the chunks it imports that the first load does not hold); the first load does not grow by it.`]),
    '- Medians, min and max through `summarize`; the bench fails if an open did not show a transaction row within 15 s or a request left 127.0.0.1. Console errors are counted, not failed on.',
  ]
}

/** The "Activity" section of bench/RESULTS.md: the table and its "How" items. */
export function activityMarkdown(f: ActivityFigures, options: ActivityOptions, lazyGzip?: number): string[] {
  return [
    '## Activity',
    '',
    "A click on the Account view's Activity row → the first transaction row painted, with the EVM dev wallet connected, in headless chromium against the demo dapp and its provider API's history route; then the same in the same page a second time.",
    '',
    mdTable(activityHeader, activityRows(f)),
    '',
    '### How (Activity)',
    '',
    ...activityHow(f, options, lazyGzip),
    '',
  ]
}

/** Header of the embedded wallet table. */
export const embeddedHeader = ['measure', 'median', 'min', 'max', 'notes']

/** Why the table has no peer beside it (the issue asks for one where a peer can run here). */
export const embeddedNoPeer =
  "no peer runs here: AppKit's e-mail wallet needs Reown's cloud (its frame and auth service), and Privy, Dynamic and Magic are closed services; none can run an embedded wallet offline on 127.0.0.1"

/** Rows of the embedded wallet table: the host page's bytes (the social logins' too), the frame app's, the timings (code, approval, Google, Farcaster), and the runs' record. */
export function embeddedRows(f: EmbeddedFigures): string[][] {
  // A series with no run that got there has no samples (NaN here, null once through JSON).
  const three = (s: Summary) => (s.runs ? [ms(s.median), ms(s.min), ms(s.max)] : ['none', '—', '—'])
  const median = (s: Summary) => (s.runs ? ms(s.median) : 'none')
  const { plugin, firstUse, frame } = f.bytes
  const own = firstUse.filter((file) => file.embedded)
  const others = firstUse.filter((file) => !file.embedded)
  const sum = (files: readonly { gzip: number }[]) => files.reduce((total, file) => total + file.gzip, 0)
  const list = (files: readonly { name: string; gzip: number }[]) => files.map((file) => `${file.name} ${kb(file.gzip)}`).join(', ')
  const frameGzip = sum(frame)
  const frameRaw = frame.reduce((total, file) => total + file.raw, 0)
  return [
    ['host page: embeddedWallet() up front', `${kb(plugin.upFront.gzip)} gzip`, '—', '—', `${kb(plugin.upFront.raw)} minified: what the plugin adds to the first load of the EVM + api dapp (React external; \`npx tsx scripts/embedded-size.ts --plugin\`); everything it can load adds ${kb(plugin.all.gzip)} gzip (${kb(plugin.all.gzip - plugin.upFront.gzip)} lazily); the issue's bound: 15 kB gzip up front`],
    [
      'host page: on first use',
      `${kb(sum(own))} gzip`,
      '—',
      '—',
      firstUse.length
        ? `the embedded wallet's chunks the page fetched from the Connect Wallet click until the account was shown and the modal closed: ${own.length} files (${list(own)}); in the same span ${others.length} other files, ${kb(sum(others))} gzip (the modal's lazy views it preloads once idle, the eip155 plugin's lazy parts; largest: ${list([...others].sort((a, b) => b.gzip - a.gzip).slice(0, 3))})`
        : 'no run reached the account: nothing recorded',
    ],
    ...(['buttons', 'social', 'farcaster'] as const).map((part) => {
      const bytes = f.bytes.social[part]
      const what = {
        buttons: ['host page: social buttons on Connect', "Connect's social buttons and their glyphs (the SocialButtons chunk), loaded with Connect's first open", 'Google'],
        social: ['host page: ConnectingSocial on first use', 'the ConnectingSocial view, loaded on its first use (a social button clicked; once idle, the modal preloads it)', 'Google'],
        farcaster: ['host page: ConnectingFarcaster on first use', "the ConnectingFarcaster view with the QR encoder (shared with ConnectingWalletConnect), loaded on its first use (once idle, the modal preloads it)", 'Farcaster'],
      }[part]
      const beyond = part === 'buttons' ? "the page's first load and the modal's chunk" : "the page's first load, the modal's chunk and the social buttons'"
      return [
        what[0] as string,
        `${kb(bytes.gzip)} gzip`,
        '—',
        '—',
        `${what[1]}: ${bytes.files.length} files beyond ${beyond} (${list(bytes.files)}; from the build's metafile, gzip level 9 each); ${bytes.fetched}/${bytes.files.length} fetched by the first ${what[2]} run's page`,
      ]
    }),
    ['frame app', `${kb(frameGzip)} gzip`, '—', '—', `${frame.map((file) => `${file.name} ${kb(file.gzip)}`).join(', ')} (gzip level 9, each file); ${kb(frameRaw)} as built (frame/app/build.ts, minified)`],
    [
      'frame load → READY',
      ...three(f.frame.ready),
      f.frame.ready.runs
        ? `iframe inserted → the channel ready (FRAME_READY + the specified 500 ms); inserted → its \`load\` ${median(f.frame.loaded)}, → FRAME_READY on the port ${median(f.frame.frameReady)}; Connect Wallet click → iframe inserted ${median(f.frame.inserted)} (the modal opening, then the plugin's lazy part loading on \`modal/opened\` and adding the frame); ${f.frame.ready.runs} runs`
        : `no frame became ready within 15 s (${f.tried} tried)`,
    ],
    [
      'code entered → account shown',
      ...three(f.account.frame),
      f.account.frame.runs
        ? `six digits in the code field → the ConnectButton's account painted; in DOM ${median(f.account.dom)}; modal closed ${median(f.account.closed)} (${f.account.closed.runs} of ${f.account.frame.runs}); ${f.account.frame.runs} runs`
        : `no code entered showed the account within 15 s (${f.tried} tried)`,
    ],
    [
      'approve click → signature returned',
      ...three(f.sign.approved),
      f.sign.approved.runs
        ? `personal_sign: the click on Approve in the frame → \`signMessage\` resolved in the page; the whole call (the frame's approval shown, the click, the signature) ${median(f.sign.call)}; ${f.sign.verified}/${f.sign.approved.runs} signatures verified as the account's (the smart account's EIP-6492 signature, through the chain's node); ${f.sign.approved.runs} runs`
        : `no approval returned a signature within 15 s (${f.tried} tried)`,
    ],
    [
      'approve click → user operation included',
      ...three(f.operation.included),
      f.operation.included.runs
        ? `the smart account's \`wallet_sendCalls\` of one call (its first operation: it deploys the account; gas paid by the local paymaster): the click on Approve in the frame → the bundler's \`eth_getUserOperationReceipt\` first answers a receipt (polled every 10 ms from the bench; anvil mines at once, so this is signing, \`eth_sendUserOperation\`, the bundler's simulation and bundle); ${f.operation.succeeded}/${f.operation.included.runs} succeeded; ${f.operation.included.runs} runs`
        : `no user operation was included within 15 s (${f.tried} tried)`,
    ],
    [
      'Google: click → provider page',
      ...three(f.social.provider),
      f.social.provider.runs
        ? `the visitor's wait: the click on 'Continue with Google' → the stand-in provider's login page painted in the popup (the popup opened in the click, \`GET_SOCIAL_REDIRECT_URI\` to the frame, which starts the login at the wallet service, the popup sent to the provider, its redirect to the login page); ${f.social.provider.runs} runs`
        : `no popup reached the provider's page within 15 s (${f.tried} tried)`,
    ],
    [
      'Google: Allow → account shown',
      ...three(f.social.allowed),
      f.social.allowed.runs
        ? `the visitor's wait after the provider: Allow clicked on the consent page → the ConnectButton's account painted (the provider's redirect to the wallet service, which takes the code and profile; the frame's \`POST /v1/social/session\`, asked once a second, so up to 1 s of this is that wait; the wallet made, \`GET_USER\`, the families connecting); in DOM ${median(f.social.allowedDom)}; the whole click → account ${median(f.social.total)}, which also holds the script filling the provider's login page (not a person's speed); ${f.social.verified}/${f.social.allowed.runs} the run's e-mail on AUTH; ${f.social.allowed.runs} runs`
        : `no Google login showed the account within 15 s (${f.tried} tried)`,
    ],
    [
      'Farcaster: click → QR shown',
      ...three(f.farcaster.qr),
      f.farcaster.qr.runs
        ? `the click on 'Continue with Farcaster' → ConnectingFarcaster's QR code painted (the view, \`GET_FARCASTER_URI\`: the frame opens a channel at the wallet service; the QR encoded); ${f.farcaster.qr.runs} runs`
        : `no QR code within 15 s (${f.farcasterTried} tried)`,
    ],
    [
      'Farcaster: Sign in → account shown',
      ...three(f.farcaster.signedIn),
      f.farcaster.signedIn.runs
        ? `Sign in clicked in the local Farcaster app as @alice, @bob or @carol in turn (a fid's first login makes its wallet; later ones, a returning account on a new browser, also fetch its recovery share) (the link from 'Open Farcaster', in a context of its own: the visitor's phone) → the account painted in the dapp (the app signs and posts to the wallet service; the frame asks the channel's status once a second, so up to 1 s of this is that wait; the session, the wallet, \`GET_USER\`, the families connecting); in DOM ${median(f.farcaster.signedInDom)}; ${f.farcaster.verified}/${f.farcaster.signedIn.runs} the fid's on AUTH; ${f.farcaster.signedIn.runs} runs`
        : `no Farcaster login showed the account within 15 s (${f.farcasterTried} tried)`,
    ],
    ['runs', `${f.signed}/${f.tried} signed`, '—', '—', `${f.readied}/${f.tried} frames ready, ${f.shown}/${f.tried} accounts shown; ${f.socialShown}/${f.tried} Google logins and ${f.farcasterShown}/${f.farcasterTried} Farcaster logins shown; ${f.outsideRequests.length} outside requests, ${f.consoleErrors.length} console errors; ${embeddedNoPeer}`],
  ]
}

/** The "How" items of the embedded wallet bench. */
export function embeddedHow(f: EmbeddedFigures, options: EmbeddedOptions): string[] {
  return [
    `- **Embedded wallet** (bench/embedded-run.ts, bench/embedded-page.ts, bench/embedded-probe.ts; alone: \`npx tsx bench/embedded.ts\` or \`npm run bench -- --embedded\`): \`startDemo()\` for the local stack, whose wallet service (the memory store, the dev inbox as its SMTP server, 127.0.0.1 only; docs/wallet-service.md) serves the frame app built by frame/app/build.ts. The dapp is bench/embedded-page.ts: \`createLatch\` with \`eip155()\` on the stack's first anvil and \`embeddedWallet({ frameUrl })\` pointing at the service, a ConnectButton in a LatchProvider, bundled from the repository's source like the demo (minified, code-split, production React) and served without compression on its own 127.0.0.1 port (the frame's origin is another). Chromium ${f.chromium}; each of ${options.runs} runs is a fresh page from \`newGuardedPage\` (fresh context: no cache, nothing stored), \`goto\` until \`load\`, ${options.settleMs} ms, 'Connect Wallet', a fresh e-mail address per run.`,
    '- **frame load → READY**: an init script (in the page before its scripts) records `performance.now()` when a MutationObserver sees the channel\'s iframe added, at its first `load`, and when `FRAME_READY` arrives on the channel\'s port (it wraps the listeners `MessagePort.prototype.addEventListener` is given, and passes every message on); the dapp marks `embedded/frameReported { kind: \'frame_ready\' }` from `latch.events$`. The figure is inserted → that event: the frame\'s document, its script and styles, its session restored (none in a fresh context), the handshake, `FRAME_READY`, and the 500 ms the channel waits after it (docs/embedded-wallet.md, "Handshake").',
    '- **code entered → account shown**: the e-mail typed, Continue, the code read from the dev inbox\'s `/messages` (not timed); the probe armed, playwright fills the code field (one `input` event with six digits, which the view submits at once). Start: that `input` event (capture phase on window, its target through the shadow root the `autocomplete="one-time-code"` field). End: the first animation frame in which the ConnectButton\'s account (`.latch-account`) is in the document; it holds `CONNECT_OTP` (the frame redeems the code with the service, fetches and opens its auth share, rebuilds the wallet) and `GET_USER`, the families connecting and the button\'s render. Notes: in the DOM (a MutationObserver), and the modal closed (the first frame with no `.backdrop` in its shadow root).',
    '- **approve click → signature returned**: `signMessage(latch, { message, ns: \'eip155\' })` (personal_sign through the AUTH wallet, `RPC_REQUEST` to the frame); the modal\'s ApproveTransaction view lays the frame over its box, and playwright clicks the frame\'s Approve there, as a visitor would. Start: the click, recorded by the init script inside the frame as `performance.timeOrigin + performance.now()`; end: the same clock in the page when `signMessage` resolved (two documents, one machine: the wall clock at sub-millisecond resolution). The signature is checked with viem\'s `recoverMessageAddress` against the account.',
    '- **bytes**: up front, `embeddedPluginCost()` of scripts/embedded-size.ts (the bench\'s EVM + api dapp built with and without `embeddedWallet()`, React external, gzip level 9 per file). On first use: the JS files of the page\'s origin whose fetch started between the Connect Wallet click and the modal closed after the account was shown (resource timing, first run), matched to the dapp\'s build (gzip level 9 per file, from its metafile); "the embedded wallet\'s" are those holding modules of plugins/embedded/ or ui/modal/views/EmailLogin/ (the channel, the protocol and the login, the e-mail field and EmailLogin); the others are what any first connect loads (the eip155 plugin\'s lazy parts). The frame app: its three files as frame/app/build.ts writes them.',
    '- **Google and Farcaster** (docs/embedded-wallet.md, "Social logins", "Farcaster"): each run also opens two more fresh visitors (each a fresh guarded context, `goto` until `load`, the same wait, \'Connect Wallet\'). A second init script, added to the context so it runs in the dapp\'s page, the popup and the Farcaster app\'s page, reads the wall clock (`performance.timeOrigin + performance.now()`: several documents, one machine) and hands it at once to a binding of the context: the click on \'Continue with Google\' or \'Continue with Farcaster\' (capture phase, through the shadow root), the consent page\'s Allow, the Farcaster app\'s Sign in, and the first animation frame in which the provider\'s login page (its E-mail field), the QR code (`.fc-qr[role=img]` in the modal\'s shadow root) and the account (`.latch-account`) are there (and when a MutationObserver saw them). **Google**: the stack\'s stand-in Google (real oidc-provider software, docs/identity-providers.md) in the popup the click opened; playwright fills its login page (a fresh e-mail address per run, a name, Sign in) and clicks Allow; the time playwright takes on the login page is the script\'s, so the figures are the two waits a person has: click → the provider\'s page, Allow → the account; the whole click → account is given in the notes. The account is checked: AUTH, the run\'s e-mail. **Farcaster**: the href of the view\'s \'Open Farcaster\' link given to the stack\'s local Farcaster app (`?uri=`) in a guarded context of its own (the visitor\'s phone), the local fids (@alice, @bob, @carol) in turn, Sign in; the account is checked: AUTH, the fid\'s user name. A fid is one account, and each fresh browser after its first login fetches the account\'s recovery share, which the wallet service releases 3 times a day per account, so the bench makes at most 12 Farcaster logins (4 per fid; runs past 12 have none). **Their bytes**: from the dapp\'s build (its metafile), the chunk split at the SocialButtons, ConnectingSocial and ConnectingFarcaster modules and the chunks each imports statically, less those the page already holds (the first load and the modal\'s chunk; for the two views also the social buttons\'), gzip level 9 each; "fetched" counts those files in the first run\'s page\'s resource timing (the modal preloads every lazy view once idle, so a view\'s chunk may come before its click).',
    '- Medians, min and max through `summarize`; the bench fails if a frame was not ready, an account not shown (code, Google, Farcaster, each within 15 s) or not the login\'s, a signature not returned within 15 s, a signature did not recover to the account, or a request left 127.0.0.1 (the wallet frame\'s, the popup\'s and the Farcaster app\'s too: the guard is the context\'s). Console errors are counted, not failed on.',
  ]
}

/** The "Embedded wallet" section of bench/RESULTS.md: the table and its "How" items. */
export function embeddedMarkdown(f: EmbeddedFigures, options: EmbeddedOptions): string[] {
  return [
    '## Embedded wallet',
    '',
    'The e-mail wallet (docs/embedded-wallet.md) on the local stack: its bytes in the host page and in the frame, the frame loaded → ready, the code entered → the account shown, Approve in the frame → the signature in the page, and the Google and Farcaster logins (their bytes, the click → the provider\'s page or the QR code, Allow or Sign in → the account), in headless chromium.',
    '',
    mdTable(embeddedHeader, embeddedRows(f)),
    '',
    '### How (embedded wallet)',
    '',
    ...embeddedHow(f, options),
    '',
  ]
}
