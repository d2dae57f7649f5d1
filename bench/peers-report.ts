/** Tables and text of "Latch against its peers", for the console and bench/RESULTS.md. */
import { kb } from '../scripts/build'
import type { Bytes } from './app'
import { defaultPeerOpenOptions, peerCsp, type OutsideMode, type PeerOpenFigures, type PeerOpenOptions, type PeerOpenRun, type PeerOpenSeries } from './peers-open'
import { interactiveCondition, probeConditions } from './peers-probe'
import { machineLines, mdTable } from './report'
import type { PeerFigures } from './peers-run'
import { multiChain, type Library, type PeerAppCost } from './peers-types'
import type { Summary } from './stats'

const peers: readonly Library[] = ['AppKit', 'RainbowKit']
const ratio = (latch: number, peer: number) => (Number.isFinite(latch) && Number.isFinite(peer) && peer > 0 ? `${(latch / peer).toFixed(2)}` : '—')
const evm = (costs: readonly PeerAppCost[], library: Library) => costs.find((c) => c.app.library === library && c.app.chains === 'EVM')
const multi = (costs: readonly PeerAppCost[], library: Library) => costs.find((c) => c.app.library === library && c.app.chains === multiChain)

/** The size goal: Latch's initial load (gzip, React excluded) at most this share of AppKit's, for the EVM and the multi-chain dapps alike. */
export const peerSizeGoal = 0.08

/** Header of the size table. */
export const peerSizeHeader = ['dapp', 'chains', 'initial raw', 'initial gzip', 'initial brotli', 'every file raw', 'every file gzip', 'every file brotli', 'notes']

/** One row per dapp, React excluded (a line says what it adds). */
export function peerSizeRows(costs: readonly PeerAppCost[]): string[][] {
  const cells = (b: Bytes) => [kb(b.raw), kb(b.gzip), kb(b.brotli)]
  const rows = costs.map((c) => {
    const top = c.initialTop.map((g) => `${g.group} ${kb(g.bytes)}`).join(', ')
    const notes = `initial: ${c.initial.latch.files} files${c.css ? ' (with its CSS)' : ''}, with React ${kb(c.initial.total.gzip)} gzip; every file: ${c.all.latch.files}; largest in initial (minified): ${top}`
    return [c.app.library, c.app.chains, ...cells(c.initial.latch), ...cells(c.all.latch), notes]
  })
  const react = costs[0]?.initial.react
  if (react) rows.push(['React + react-dom', '(every dapp)', ...cells(react), '—', '—', '—', "excluded above: the repository's react 19 in every dapp (the first dapp's bundled − React-external build)"])
  return rows
}

/** Header of the size-ratio table. */
export const peerSizeRatioHeader = ['figure (React excluded)', 'Latch/AppKit', 'Latch/RainbowKit', 'Latch/AppKit multi-chain']

/** Latch ÷ peer for each size figure: Latch's EVM dapp against each peer's, Latch's multi-chain dapp against AppKit's. */
export function peerSizeRatioRows(costs: readonly PeerAppCost[]): string[][] {
  const latch = evm(costs, 'Latch')
  if (!latch) return []
  const latchMulti = multi(costs, 'Latch')
  const appkitMulti = multi(costs, 'AppKit')
  const figures: [string, (c: PeerAppCost) => number][] = [
    ['initial raw', (c) => c.initial.latch.raw],
    ['initial gzip', (c) => c.initial.latch.gzip],
    ['initial brotli', (c) => c.initial.latch.brotli],
    ['every file raw', (c) => c.all.latch.raw],
    ['every file gzip', (c) => c.all.latch.gzip],
    ['every file brotli', (c) => c.all.latch.brotli],
    ['initial gzip with React', (c) => c.initial.total.gzip],
  ]
  return figures.map(([name, pick]) => [
    name,
    ...peers.map((peer) => {
      const cost = evm(costs, peer)
      return cost ? ratio(pick(latch), pick(cost)) : '—'
    }),
    latchMulti && appkitMulti ? ratio(pick(latchMulti), pick(appkitMulti)) : '—',
  ])
}

/** Whether Latch's initial load (gzip, React excluded) is at most `peerSizeGoal` of AppKit's, for the EVM and the multi-chain dapps, with the exact ratios. */
export function peerSizeGoalLines(costs: readonly PeerAppCost[]): string[] {
  const pairs: [string, PeerAppCost | undefined, PeerAppCost | undefined][] = [
    ['EVM', evm(costs, 'Latch'), evm(costs, 'AppKit')],
    [multiChain, multi(costs, 'Latch'), multi(costs, 'AppKit')],
  ]
  return pairs.flatMap(([chains, latch, appkit]) => {
    if (!latch || !appkit) return []
    const share = latch.initial.latch.gzip / appkit.initial.latch.gzip
    const verdict = share <= peerSizeGoal ? 'met' : 'NOT met'
    return [`- ${chains}: Latch ${kb(latch.initial.latch.gzip)} ÷ AppKit ${kb(appkit.initial.latch.gzip)} = ${share.toFixed(4)} (goal ≤ ${peerSizeGoal.toFixed(2)}: ${verdict})`]
  })
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const timed = (s: Summary) => [ms(s.median), ms(s.min), ms(s.max), String(s.runs)]
const didNotOpen = (s: PeerOpenSeries) => [`did not open (${s.tried}/${s.tried})`, '—', '—', '0']

/** Header of the latency table. */
export const peerOpenHeader = ['library', 'chains', 'outside requests', 'measure', 'median', 'min', 'max', 'runs', 'notes']

function seriesRow(r: PeerOpenRun, label: string, s: PeerOpenSeries, o: PeerOpenOptions): string[] {
  if (s.tried === 0) return ['', '', '', label, 'not tried', '—', '—', '0', r.skipped ? 'the first open of the page did not open' : '']
  if (s.opened === 0) return ['', '', '', label, ...didNotOpen(s), `nothing listed within ${o.openTimeoutMs / 1000} s of each click`]
  const missed = s.tried - s.opened ? `; ${s.tried - s.opened} of ${s.tried} did not open` : ''
  return ['', '', '', label, ...timed(s.painted), `click → list in DOM ${ms(s.dom.median)}${missed}`]
}

/** Rows of the latency table: per mode and dapp, time to interactive, first open, later opens, and what happened. */
export function peerOpenRows(figures: PeerOpenFigures, options: PeerOpenOptions = defaultPeerOpenOptions): string[][] {
  return figures.runs.flatMap((r) => {
    const interactive =
      r.interactive.runs > 0
        ? [...timed(r.interactive), `fresh pages; DOMContentLoaded median ${ms(r.domContentLoaded.median)}${r.notInteractive ? `; ${r.notInteractive} pages never interactive` : ''}`]
        : ['never', '—', '—', '0', `${r.notInteractive} fresh pages`]
    const opened = r.first.opened + r.warm.opened
    const tried = r.first.tried + r.warm.tried
    return [
      [r.library, r.chains, r.mode, 'navigation → button interactive', ...interactive],
      seriesRow(r, `first open, ${options.settleMs / 1000} s after interactive`, r.first, options),
      seriesRow(r, 'later opens, same page', r.warm, options),
      [
        '',
        '',
        '',
        'opened',
        `${opened}/${tried}`,
        '—',
        '—',
        '—',
        `${r.skipped ? `${r.skipped} repeat opens not tried; ` : ''}${r.outsideRequests} outside requests ${r.mode === 'refused' ? 'refused' : 'held'}${r.outsideHosts.length ? ` (${r.outsideHosts.join(', ')})` : ''}; ${r.consoleErrors} console errors`,
      ],
    ]
  })
}

/** Header of the latency-ratio table. */
export const peerOpenRatioHeader = ['outside requests', 'measure (medians)', 'Latch/AppKit', 'Latch/RainbowKit', 'Latch/AppKit multi-chain']

/** Latch ÷ peer for each median of the latency table (EVM dapps, then the multi-chain ones); a peer that did not open gets no ratio. */
export function peerOpenRatioRows(figures: PeerOpenFigures): string[][] {
  const run = (library: Library, mode: OutsideMode, chains = 'EVM') => figures.runs.find((r) => r.library === library && r.chains === chains && r.mode === mode)
  const cell = (latchRun: PeerOpenRun | undefined, peerRun: PeerOpenRun | undefined, peer: Library, pick: (r: PeerOpenRun) => Summary | undefined) => {
    const latch = latchRun && pick(latchRun)
    const value = peerRun && pick(peerRun)
    if (!value) return peerRun ? `— (${peer}: ${peerRun.first.opened + peerRun.warm.opened ? 'no figure' : 'did not open'})` : '—'
    return latch ? ratio(latch.median, value.median) : '—'
  }
  const measures: [string, (r: PeerOpenRun) => Summary | undefined][] = [
    ['navigation → button interactive', (r) => (r.interactive.runs ? r.interactive : undefined)],
    ['first open', (r) => (r.first.opened ? r.first.painted : undefined)],
    ['later opens', (r) => (r.warm.opened ? r.warm.painted : undefined)],
  ]
  return (['refused', 'hanging'] as const).flatMap((mode) =>
    measures.map(([name, pick]) => [
      mode,
      name,
      ...peers.map((peer) => cell(run('Latch', mode), run(peer, mode), peer, pick)),
      cell(run('Latch', mode, multiChain), run('AppKit', mode, multiChain), 'AppKit', pick),
    ]),
  )
}

/** The Markdown section "Latch against its peers" (date, machine, versions, tables, ratios, how, what was not measured). */
export function peersMarkdown(f: PeerFigures, date: Date): string[] {
  const o = f.options
  const versions = Object.entries(f.versions).map(([name, version]) => `${name} ${version}`).join(', ')
  return [
    '## Latch against its peers',
    '',
    `Measured on ${date.toISOString()} in the same run as the sections above (bench/peers-*.ts), on:`,
    '',
    ...machineLines(f.open.chromium),
    `- Peers, installed from npm into bench/peers (its own package.json and lockfile): ${versions}`,
    '',
    '### Bundle cost',
    '',
    "Equivalent dapps (bench/apps): a React page rendering one connect button for Ethereum mainnet, written after each library's quick start; Latch and AppKit also have a multi-chain dapp, for Ethereum, Solana and Bitcoin mainnets. Sizes without React; ratios are Latch ÷ peer (below 1: Latch is smaller), the multi-chain column Latch's multi-chain dapp ÷ AppKit's.",
    '',
    mdTable(peerSizeHeader, peerSizeRows(f.costs)),
    '',
    mdTable(peerSizeRatioHeader, peerSizeRatioRows(f.costs)),
    '',
    `Goal: Latch's initial load (gzip, React excluded) at most ${peerSizeGoal.toFixed(2)} of AppKit's.`,
    '',
    ...peerSizeGoalLines(f.costs),
    '',
    '### Modal open latency',
    '',
    `Headless chromium, each dapp (React bundled) served from 127.0.0.1. **refused**: every outside request aborted at once; **hanging**: every outside request held, never answered. Ratios are Latch ÷ peer of the medians (below 1: Latch is faster), the multi-chain column Latch's multi-chain dapp ÷ AppKit's.`,
    '',
    mdTable(peerOpenHeader, peerOpenRows(f.open, f.options)),
    '',
    mdTable(peerOpenRatioHeader, peerOpenRatioRows(f.open)),
    '',
    '### How (peers)',
    '',
    `- **Dapps**: bench/apps/latch-evm.tsx (\`createLatch\` with \`eip155()\` and \`api()\`, \`LatchProvider\`, \`ConnectButton\`, imported from the repository's source), appkit-evm.tsx (\`createAppKit\` with a \`WagmiAdapter\`, \`WagmiProvider\` and \`QueryClientProvider\`, \`<appkit-button>\`), rainbowkit-evm.tsx (\`getDefaultConfig\`, \`WagmiProvider\`, \`QueryClientProvider\`, \`RainbowKitProvider\`, \`ConnectButton\`, its styles.css); the multi-chain dapps: latch-multichain.tsx (latch-evm.tsx with \`solana()\` and \`bip122()\` besides \`eip155()\` and \`api()\`, on \`fromViemChain(mainnet)\`, \`solanaMainnet()\` and \`bitcoin\`) and appkit-multichain.tsx (wagmi, Solana and Bitcoin adapters on \`mainnet\`, \`solana\` and \`bitcoin\`). The peers get a dummy WalletConnect project id; every one of them renders into #root with react-dom/client. \`npx tsc -p bench/tsconfig.json\` typechecks them.`,
    `- **Build**: THE configuration of "What a dapp pays" (\`dappBuildOptions\` in bench/app.ts: ESM, bundle, splitting, minify, platform browser, es2022, \`process.env.NODE_ENV = "production"\`, every dependency bundled), which resolves a peer's dapp's own imports from bench/peers/node_modules as if it lived there (the repository's node_modules holds some of the same packages at other versions: wagmi, @tanstack/react-query, @reown/appkit under wagmi's connectors) and aliases react, react-dom and scheduler to the repository's single copy (checked: every other package of a peer's dapp comes from bench/peers, none of Latch's). No polyfill and no other \`define\` was needed: AppKit brings its own Buffer polyfill. Each dapp is built twice, React external and bundled; React + react-dom is the difference.`,
    `- **Sizes**: as in "What a dapp pays": each file compressed on its own (gzip 9, brotli 11) and summed. **initial**: the entry and the chunks it imports statically (and the CSS they pull in: RainbowKit's styles.css), what the page loads before anything is clicked; **every file**: every JS and CSS output, including chunks a page may never load (wallet SDKs behind dynamic imports).`,
    `- **Latency**: one static server per dapp (scripts/devnet/serve.ts) whose Content-Security-Policy allows scripts only from 127.0.0.1 and lets every other request leave the page, so that it meets the bench's route (\`${peerCsp}\`). Pages from \`newGuardedPage\` (scripts/e2e/harness.ts): in **refused** mode its context route aborts every request that leaves 127.0.0.1 and closes outside websockets; in **hanging** mode a page route holds those requests until the page closes and outside websockets are left mocked (open, never answered). Every request, local ones too, passes the context's route handler in node (one round trip each, as in "Modal open latency" above), so a page of many files pays more of them (files in the initial load: ${f.costs.map((c) => `${c.app.library} ${c.app.chains} ${c.initial.total.files}`).join(', ')}). An init script (bench/peers-probe.ts) searches the document and every open shadow root on each observed mutation and every animation frame. **Button interactive**: ${interactiveCondition}, in ms since navigation start, on ${o.loads} fresh pages (\`goto\` until DOMContentLoaded). **first open**: ${o.settleMs} ms after the button is interactive on each fresh page; **later opens**: ${o.warmOpens} more opens of the first page, ${o.pauseMs} ms after each close. An open: a capture-phase click listener records the click (playwright \`getByRole('button', { name: 'Connect Wallet' }).click()\`), the list is found, two animation frames later it has been painted (the figure: the first frame that shows the list; every library's entrance animation, Latch's 200 ms fade included, goes on after it — checked with a screenshot at that moment for each library); Escape closes the modal and the bench waits for it to be gone. An open gives up ${o.openTimeoutMs / 1000} s after the click; a page whose open did not open (or close) gets no further opens, so a library that never opens is tried once on each fresh page. Every dapp, the multi-chain ones too, is measured in both modes. Wallet list painted, per library (its multi-chain dapp alike):`,
    ...(Object.keys(probeConditions) as Library[]).map((library) => `  - **${library}**: ${probeConditions[library].listed}; closed: ${probeConditions[library].closed}.`),
    '',
    '### Not measured',
    '',
    '- Opens with a wallet extension installed: no page here has one (the lists are each library\'s offline default: Latch\'s curated registry, AppKit\'s WalletConnect entry, RainbowKit\'s configured wallets).',
    '',
  ]
}

/** The "How to re-run" section, last in bench/RESULTS.md. */
export function rerunMarkdown(): string[] {
  return [
    '## How to re-run',
    '',
    '```sh',
    'npm install',
    'npm run bench   # installs bench/peers (npm ci --prefix bench/peers) and chromium (apt) when missing; writes this file',
    '```',
    '',
    'Figures move with the machine and its load: compare runs made on one machine. The peers\' versions are pinned in bench/peers/package.json and its lockfile; update them there (`npm install --prefix bench/peers …`).',
    '',
  ]
}
