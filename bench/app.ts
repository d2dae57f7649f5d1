/**
 * What a dapp pays: a minimal dapp is bundled with one esbuild configuration and the output is
 * measured raw, gzip and brotli — the initial load, every chunk the page can load, and each lazy chunk.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild'
import { closure, staticClosure } from '../scripts/build'
import { partBytes } from '../scripts/size-budget'
import { appBundle } from '../scripts/esbuild-options'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Raw, gzip (level 9) and brotli (quality 11) bytes, each file compressed on its own and summed. */
export type Bytes = { raw: number; gzip: number; brotli: number; files: number }

/** One lazily loaded output file: what it is named after, its size, and what loading it adds beyond the initial load. */
export type LazyChunk = { name: string; bytes: Bytes; adds?: Bytes }

/** Total, Latch-and-the-rest (React external) and React (the difference) of one set of files. */
export type Split = { total: Bytes; latch: Bytes; react: Bytes }

/** The cost of one dapp: its initial load, everything the page can load, the lazy chunks, and who fills the initial load. */
export type DappCost = {
  name: string
  initial: Split
  /** Every output JS file. */
  all: Split
  /** What the entry reaches through static imports and Latch's own dynamic imports (not those inside node_modules). */
  latchReach: Split
  chunks: LazyChunk[]
  /** Minified bytes in the initial load by package or repository folder (metafile `bytesInOutput`), largest first. */
  initialModules: { group: string; bytes: number }[]
  /** Minified bytes of each view of the modal and each plugin: in the initial load, and in what Latch's own imports may load later. */
  parts: { part: string; upFront: number; lazily: number }[]
}

/**
 * The plugins a bench dapp registers beside eip155: api (curated registry, wallet list), solana, bip122 (Bitcoin),
 * walletconnect, siwx (sign in with the wallet), names (account names), swap (token swaps), embedded (the e-mail wallet; measured by
 * scripts/embedded-size.ts for the "Embedded wallet" rows, bench/embedded-run.ts).
 */
export type DappPlugin = 'api' | 'solana' | 'bip122' | 'walletconnect' | 'siwx' | 'names' | 'swap' | 'embedded'

/** The dapp with every plugin, whose build gives the "Views and plugins" rows (every view and plugin that ships). */
export const everyPluginDapp = 'every plugin'

/**
 * The dapps measured: EVM with the api plugin and without it (each with its own rows in the table, `detailed`), and
 * EVM + api with the Solana or the Bitcoin plugin and its mainnet added, or the WalletConnect, siwx or names plugin, which only
 * feed what that plugin adds; and the dapp with every plugin, which feeds the rows of every view and plugin.
 */
export const dapps: readonly { name: string; plugins: readonly DappPlugin[]; detailed: boolean }[] = [
  { name: 'EVM + api', plugins: ['api'], detailed: true },
  { name: 'EVM only', plugins: [], detailed: true },
  { name: 'EVM + api + Solana', plugins: ['api', 'solana'], detailed: false },
  { name: 'EVM + api + Bitcoin', plugins: ['api', 'bip122'], detailed: false },
  { name: 'EVM + api + WalletConnect', plugins: ['api', 'walletconnect'], detailed: false },
  { name: 'EVM + api + SIWX', plugins: ['api', 'siwx'], detailed: false },
  { name: 'EVM + api + names', plugins: ['api', 'names'], detailed: false },
  { name: 'EVM + api + swap', plugins: ['api', 'swap'], detailed: false },
  { name: everyPluginDapp, plugins: ['api', 'solana', 'bip122', 'walletconnect', 'siwx', 'names', 'swap'], detailed: false },
]

/** What each plugin adds to a dapp: the dapp with it (`with`) minus the same dapp without it (`without`), by name in `dapps`. */
export const pluginCosts: readonly { plugin: string; folder: string; with: string; without: string }[] = [
  { plugin: 'api plugin', folder: 'plugins/api', with: 'EVM + api', without: 'EVM only' },
  { plugin: 'Solana plugin', folder: 'plugins/solana', with: 'EVM + api + Solana', without: 'EVM + api' },
  { plugin: 'Bitcoin plugin', folder: 'plugins/bip122', with: 'EVM + api + Bitcoin', without: 'EVM + api' },
  { plugin: 'WalletConnect plugin', folder: 'plugins/walletconnect', with: 'EVM + api + WalletConnect', without: 'EVM + api' },
  { plugin: 'SIWX plugin', folder: 'plugins/siwx', with: 'EVM + api + SIWX', without: 'EVM + api' },
  { plugin: 'names plugin', folder: 'plugins/names', with: 'EVM + api + names', without: 'EVM + api' },
  { plugin: 'swap plugin', folder: 'plugins/swap', with: 'EVM + api + swap', without: 'EVM + api' },
]

/** Externals of the "Latch without React" build: React, react-dom, the scheduler and their subpaths. */
export const reactExternals = ['react', 'react/*', 'react-dom', 'react-dom/*', 'scheduler', 'scheduler/*']

/**
 * The dapp entry: createLatch with mainnet and eip155 (plus api, and solana with Solana mainnet or bip122 with Bitcoin
 * mainnet, walletConnect({ projectId }), siwx(), as `plugins` says), a ConnectButton in a LatchProvider, rendered with react-dom/client.
 */
export function dappSource(plugins: readonly DappPlugin[]): string {
  const src = (path: string) => JSON.stringify(join(root, path))
  const has = (plugin: DappPlugin) => plugins.includes(plugin)
  const networks = ['fromViemChain(mainnet)', ...(has('solana') ? ['solanaMainnet()'] : []), ...(has('bip122') ? ['bitcoin'] : [])]
  const registered = ['eip155()', ...(has('solana') ? ['solana()'] : []), ...(has('bip122') ? ['bip122()'] : []), ...(has('api') ? ['api()'] : []), ...(has('walletconnect') ? [`walletConnect({ projectId: 'bench' })`] : []), ...(has('siwx') ? ['siwx()'] : []), ...(has('names') ? [`names({ baseUrl: 'https://api.example.com', zone: 'latch.id' })`] : []), ...(has('swap') ? [`swap({ baseUrl: 'https://api.example.com' })`] : []), ...(has('embedded') ? [`embeddedWallet({ frameUrl: 'https://wallet.example.com/frame' })`] : [])]
  return [
    `import { createRoot } from 'react-dom/client'`,
    `import { mainnet } from 'viem/chains'`,
    `import { createLatch } from ${src('kernel/index.ts')}`,
    `import { eip155, fromViemChain } from ${src('plugins/eip155/index.ts')}`,
    has('solana') ? `import { solana, solanaMainnet } from ${src('plugins/solana/index.ts')}` : '',
    has('bip122') ? `import { bip122, bitcoin } from ${src('plugins/bip122/index.ts')}` : '',
    has('api') ? `import { api } from ${src('plugins/api/index.ts')}` : '',
    has('walletconnect') ? `import { walletConnect } from ${src('plugins/walletconnect/index.ts')}` : '',
    has('siwx') ? `import { siwx } from ${src('plugins/siwx/index.ts')}` : '',
    has('names') ? `import { names } from ${src('plugins/names/index.ts')}` : '',
    has('swap') ? `import { swap } from ${src('plugins/swap/index.ts')}` : '',
    has('embedded') ? `import { embeddedWallet } from ${src('plugins/embedded/index.ts')}` : '',
    `import { ConnectButton, LatchProvider } from ${src('ui/index.ts')}`,
    `const latch = createLatch({ networks: [${networks.join(', ')}], plugins: [${registered.join(', ')}] })`,
    `createRoot(document.getElementById('root')).render(<LatchProvider latch={latch}><ConnectButton /></LatchProvider>)`,
    '',
  ].join('\n')
}

/** Size of files (paths relative to the repository root, as in the metafile), compressed one by one. */
export function measureFiles(files: readonly string[]): Bytes {
  const total: Bytes = { raw: 0, gzip: 0, brotli: 0, files: files.length }
  for (const file of files) {
    const bytes = readFileSync(resolve(root, file))
    total.raw += bytes.length
    total.gzip += gzipSync(bytes, { level: 9 }).length
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length
  }
  return total
}

const minus = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli, files: a.files - b.files })

/** A bench build: its metafile, the entry's output and the output sets measured. */
export type Built = { metafile: Metafile; entry: string; initial: string[]; all: string[]; latchReach: string[] }

/** True for an output split at a dynamic import inside node_modules (viem's and ox's own lazy chunks). */
function isDependencyImport(metafile: Metafile, file: string): boolean {
  return metafile.outputs[file]?.entryPoint?.includes('node_modules/') ?? false
}

/** Outputs reachable from `start` through static imports and dynamic imports of Latch's own modules. */
export function latchClosure(metafile: Metafile, start: string): string[] {
  return closure(
    metafile,
    start,
    (dependency) => dependency.kind === 'import-statement' || (dependency.kind === 'dynamic-import' && !isDependencyImport(metafile, dependency.path)),
  )
}

/** Where `npm run bench` installs the peers Latch is compared with (bench/peers/package.json). */
export const peersDir = join(root, 'bench/peers')

/**
 * Resolves the bare imports of `entry` from `dir`, as if the entry lived there (React, react-dom and the scheduler excepted).
 * A peer's dapp needs it: walking up from bench/apps finds the repository's node_modules first, which holds some of the
 * peers' packages at other versions (wagmi and @tanstack/react-query for latch/wagmi, @reown/appkit under wagmi's connectors).
 */
function entryImportsFrom(entry: string, dir: string): Plugin {
  return {
    name: 'bench-entry-imports-from',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.importer !== entry || /^(react|react-dom|scheduler)(\/|$)/.test(args.path)) return undefined
        return build.resolve(args.path, { kind: args.kind, resolveDir: dir })
      })
    },
  }
}

/**
 * THE esbuild configuration of every bench dapp, Latch's and its peers': only the entry, the output folder, `external`
 * and, for a peer's dapp, `importsFrom` (bench/peers: where the entry's own bare imports resolve) differ.
 */
export function dappBuildOptions(entry: string, outdir: string, external: string[], importsFrom?: string): BuildOptions & { metafile: true } {
  // Bare imports resolve from the repository's node_modules, then from bench/peers/node_modules (`nodePaths`: temporary
  // entries live outside the repository). A peer's entry resolves its own from bench/peers (entryImportsFrom), and the
  // packages found there resolve theirs from there. React, react-dom and the scheduler are aliased to themselves, which
  // makes esbuild resolve them from the working directory: every app bundles one copy, the repository's. The root
  // tsconfig.json is named so that bench/tsconfig.json's `paths` (for tsc) never steer the bundler (they made it pick
  // @tanstack/react-query's legacy build).
  return {
    absWorkingDir: root,
    entryPoints: { main: entry },
    outdir,
    ...appBundle,
    nodePaths: [join(root, 'node_modules'), join(peersDir, 'node_modules')],
    alias: { react: 'react', 'react-dom': 'react-dom', scheduler: 'scheduler' },
    tsconfig: join(root, 'tsconfig.json'),
    external,
    ...(importsFrom ? { plugins: [entryImportsFrom(entry, importsFrom)] } : {}),
    metafile: true,
    write: true,
    // @metamask/sdk (in wagmi's connectors) has an `import(`./${name}.entry.js`)` that matches no file: harmless.
    logOverride: { 'empty-glob': 'silent' },
  }
}

/** Bundles `entry` into `outdir` with THE configuration; only `external` differs between the two builds of a dapp. */
export async function bundle(entry: string, outdir: string, external: string[], importsFrom?: string): Promise<Built> {
  const { metafile } = await build(dappBuildOptions(entry, outdir, external, importsFrom))
  const js = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'))
  const start = js.find((file) => metafile.outputs[file]?.entryPoint && resolve(root, metafile.outputs[file].entryPoint) === entry)
  if (!start) throw new Error(`no output for ${entry} in the metafile`)
  return { metafile, entry: start, initial: staticClosure(metafile, start), all: js, latchReach: latchClosure(metafile, start) }
}

/** Package (`react-dom`, `@noble/hashes`) or repository folder (`ui/modal`, `plugins/api`) of a metafile input. */
export function inputGroup(path: string): string {
  const modules = path.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const [scope = '', name = ''] = path.slice(modules + 'node_modules/'.length).split('/')
    return scope.startsWith('@') ? `${scope}/${name}` : scope
  }
  const parts = relative(root, resolve(root, path)).split('/')
  if (parts[0] === 'ui' && parts[1] === 'modal') return parts.slice(0, 3).join('/').replace(/\.tsx?$/, '')
  if (parts[0] === 'plugins' || parts[0] === 'adapters' || parts[0] === 'ui' || parts[0] === 'kernel') return parts.slice(0, 2).join('/').replace(/\.tsx?$/, '')
  return parts[0]?.startsWith('..') ? 'the dapp entry' : (parts[0] ?? path)
}

/** Minified bytes per input group over `files`. */
function groupBytes(metafile: Metafile, files: readonly string[]): { group: string; bytes: number }[] {
  const groups = new Map<string, number>()
  for (const file of files) {
    for (const [path, input] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
      const group = inputGroup(path)
      groups.set(group, (groups.get(group) ?? 0) + input.bytesInOutput)
    }
  }
  return [...groups].map(([group, bytes]) => ({ group, bytes })).sort((a, b) => b.bytes - a.bytes)
}

/** Name of a lazy output: the module it was split at (a dynamic import), else its largest inputs. */
function chunkName(metafile: Metafile, file: string): string {
  const output = metafile.outputs[file]
  if (output?.entryPoint) {
    const path = relative(root, resolve(root, output.entryPoint))
    // From the first node_modules/ on: the repository's node_modules may be a symlink, which the metafile names by its target.
    const modules = path.indexOf('node_modules/')
    return modules >= 0 ? `${path.slice(modules + 'node_modules/'.length)} (the dependency's own dynamic import)` : path
  }
  const top = groupBytes(metafile, [file]).slice(0, 2).map((g) => g.group)
  return `shared chunk (${top.join(', ')})`
}

/** Every output the initial load does not include, from the bundled build (Latch's own first, largest first); a dynamic-import chunk also says what loading it adds. */
function lazyChunks(built: Built): LazyChunk[] {
  const initial = new Set(built.initial)
  return built.all
    .filter((file) => !initial.has(file))
    .map((file): LazyChunk => {
      const name = chunkName(built.metafile, file)
      const adds = staticClosure(built.metafile, file).filter((f) => !initial.has(f))
      const split = Boolean(built.metafile.outputs[file]?.entryPoint) && adds.length > 1
      return { name, bytes: measureFiles([file]), ...(split ? { adds: measureFiles(adds) } : {}) }
    })
    .sort((a, b) => Number(a.name.includes('dynamic import')) - Number(b.name.includes('dynamic import')) || b.bytes.raw - a.bytes.raw)
}

/** Builds one dapp twice (React external, then bundled) and measures it. */
export async function measureDapp(name: string, plugins: readonly DappPlugin[]): Promise<DappCost> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-app-'))
  try {
    const entry = join(dir, 'dapp.tsx')
    writeFileSync(entry, dappSource(plugins))
    const own = await bundle(entry, join(dir, 'without-react'), reactExternals)
    const full = await bundle(entry, join(dir, 'bundled'), [])
    const split = (own: Bytes, total: Bytes): Split => ({ total, latch: own, react: minus(total, own) })
    return {
      name,
      initial: split(measureFiles(own.initial), measureFiles(full.initial)),
      all: split(measureFiles(own.all), measureFiles(full.all)),
      latchReach: split(measureFiles(own.latchReach), measureFiles(full.latchReach)),
      chunks: lazyChunks(full),
      initialModules: groupBytes(full.metafile, full.initial),
      parts: partBytes(full.metafile, full.initial, full.latchReach.filter((file) => !full.initial.includes(file))),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Measures every dapp of `dapps`. */
export async function benchApp(): Promise<DappCost[]> {
  const costs: DappCost[] = []
  for (const dapp of dapps) costs.push(await measureDapp(dapp.name, dapp.plugins))
  return costs
}
