/**
 * Latch against its peers, bundle cost: the equivalent dapps of bench/apps built with THE configuration
 * of bench/app.ts, each twice (React external, then bundled), measured raw, gzip and brotli.
 */
import { createHash } from 'node:crypto'
import { readFileSync, realpathSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { bundle, inputGroup, peersDir, reactExternals, type Bytes, type Split } from './app'
import { multiChain, type PeerApp, type PeerAppCost } from './peers-types'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The dapps of bench/apps: each library's EVM dapp, then Latch's and AppKit's EVM + Solana + Bitcoin dapps. */
export const peerApps: readonly PeerApp[] = [
  { id: 'latch-evm', library: 'Latch', chains: 'EVM', entry: 'bench/apps/latch-evm.tsx' },
  { id: 'appkit-evm', library: 'AppKit', chains: 'EVM', entry: 'bench/apps/appkit-evm.tsx' },
  { id: 'rainbowkit-evm', library: 'RainbowKit', chains: 'EVM', entry: 'bench/apps/rainbowkit-evm.tsx' },
  { id: 'latch-multichain', library: 'Latch', chains: multiChain, entry: 'bench/apps/latch-multichain.tsx' },
  { id: 'appkit-multichain', library: 'AppKit', chains: multiChain, entry: 'bench/apps/appkit-multichain.tsx' },
]

/** JS outputs plus the CSS bundle each of them pulls in (RainbowKit's styles.css): what the browser downloads for them. */
export function withCss(metafile: Metafile, files: readonly string[]): string[] {
  const css = files.flatMap((file) => metafile.outputs[file]?.cssBundle ?? [])
  return [...new Set([...files, ...css])]
}

/** Throws unless React comes once, from the repository, and every other package from bench/peers for a peer's dapp (never for Latch's). */
export function assertResolution(metafile: Metafile, app: PeerApp): void {
  const react = /(^|\/)node_modules\/(react|react-dom|scheduler)\//
  // The metafile names real paths: a node_modules that is a symlink (a git worktree sharing another checkout's install) shows as its target.
  const repoModules = `${relative(root, realpathSync(join(root, 'node_modules'))).split(sep).join('/')}/`
  const fromRepo = (path: string) => path.startsWith('node_modules/') || path.startsWith(repoModules)
  for (const input of Object.keys(metafile.inputs)) {
    const path = input.replace(/^\(disabled\):/, '') // a package's `browser` map turning a module off
    if (!path.includes('node_modules/')) continue
    const fromPeers = path.startsWith('bench/peers/node_modules/')
    if (react.test(path) ? !fromRepo(path) : fromPeers !== (app.library !== 'Latch')) {
      throw new Error(`${app.entry} bundles ${path}: expected React from node_modules/ and ${app.library === 'Latch' ? 'nothing' : 'every other package'} from bench/peers/node_modules/`)
    }
  }
}

function topGroups(metafile: Metafile, files: readonly string[], top: number): { group: string; bytes: number }[] {
  const groups = new Map<string, number>()
  for (const file of files) {
    for (const [path, input] of Object.entries(metafile.outputs[file]?.inputs ?? {})) groups.set(inputGroup(path), (groups.get(inputGroup(path)) ?? 0) + input.bytesInOutput)
  }
  return [...groups].map(([group, bytes]) => ({ group, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, top)
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)
const compressed = new Map<string, Promise<{ gzip: number; brotli: number }>>()

/** gzip (level 9) and brotli (quality 11) sizes of one file's bytes, as measureFiles computes them; on libuv's thread pool, cached by content (the two builds of an app share most chunks). */
function compressedSizes(bytes: Buffer): Promise<{ gzip: number; brotli: number }> {
  const key = createHash('sha256').update(bytes).digest('hex')
  let sizes = compressed.get(key)
  if (!sizes) {
    const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length }
    sizes = Promise.all([gzipAsync(bytes, { level: 9 }), brotliAsync(bytes, { params: brotliParams })]).then(([g, b]) => ({ gzip: g.length, brotli: b.length }))
    compressed.set(key, sizes)
  }
  return sizes
}

/** measureFiles (bench/app.ts) for hundreds of files: the same figures, compressed in parallel. */
export async function measureMany(files: readonly string[]): Promise<Bytes> {
  const sizes = await Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(resolve(root, file))
      return { raw: bytes.length, ...(await compressedSizes(bytes)) }
    }),
  )
  const total: Bytes = { raw: 0, gzip: 0, brotli: 0, files: sizes.length }
  for (const s of sizes) {
    total.raw += s.raw
    total.gzip += s.gzip
    total.brotli += s.brotli
  }
  return total
}

const minus = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli, files: a.files - b.files })

/** Builds one dapp twice into `workDir` and measures both builds; the bundled one stays there to be served. */
export async function measurePeerApp(app: PeerApp, workDir: string): Promise<PeerAppCost> {
  const entry = join(root, app.entry)
  const importsFrom = app.library === 'Latch' ? undefined : peersDir
  const own = await bundle(entry, join(workDir, app.id, 'without-react'), reactExternals, importsFrom)
  const outdir = join(workDir, app.id, 'bundled')
  const full = await bundle(entry, outdir, [], importsFrom)
  assertResolution(full.metafile, app)
  const everything = (built: typeof own) => Object.keys(built.metafile.outputs).filter((file) => /\.(js|css)$/.test(file))
  const split = async (ownFiles: string[], fullFiles: string[]): Promise<Split> => {
    const [total, latch] = await Promise.all([measureMany(fullFiles), measureMany(ownFiles)])
    return { total, latch, react: minus(total, latch) }
  }
  const css = full.metafile.outputs[full.entry]?.cssBundle
  return {
    app,
    initial: await split(withCss(own.metafile, own.initial), withCss(full.metafile, full.initial)),
    all: await split(everything(own), everything(full)),
    initialTop: topGroups(own.metafile, own.initial, 4),
    outdir,
    ...(css ? { css: css.slice(css.lastIndexOf('/') + 1) } : {}),
  }
}

/** Measures every dapp of `peerApps`, building into `workDir`. */
export async function benchPeerSizes(workDir: string, log: (line: string) => void = () => {}): Promise<PeerAppCost[]> {
  const costs: PeerAppCost[] = []
  for (const app of peerApps) {
    log(`peers: building ${app.entry} (React external, then bundled)…`)
    costs.push(await measurePeerApp(app, workDir))
  }
  return costs
}
