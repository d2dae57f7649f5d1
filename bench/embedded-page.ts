/**
 * The embedded wallet bench's dapp (docs/embedded-wallet.md): Latch with eip155() on the stack's first anvil and
 * embeddedWallet() on the stack's wallet service, a ConnectButton in a LatchProvider, bundled from the repository's
 * source like the demo (appBundle: minified, code-split, production React) and served on its own 127.0.0.1 port, so
 * the frame (the wallet service's origin) is another origin. The page marks the channel's readiness
 * (`embedded/frameReported { kind: 'frame_ready' }`) and exposes a personal_sign (`signMessage`) for the bench.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { appBundle } from '../scripts/esbuild-options'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The dapp's entry for a wallet service at `frameUrl` and an anvil `chain`. */
export function embeddedDappSource(frameUrl: string, chain: { chainId: number; name: string; url: string }): string {
  const src = (path: string) => JSON.stringify(join(root, path))
  return `
import { createRoot } from 'react-dom/client'
import { createLatch, signMessage } from ${src('kernel/index.ts')}
import { createTestNetwork } from ${src('kernel/testing.ts')}
import { eip155, sendCalls } from ${src('plugins/eip155/index.ts')}
import { embeddedWallet } from ${src('plugins/embedded/index.ts')}
import { ConnectButton, LatchProvider } from ${src('ui/index.ts')}
const latch = createLatch({
  networks: [createTestNetwork('eip155', ${chain.chainId}, { name: ${JSON.stringify(chain.name)}, rpcUrl: ${JSON.stringify(chain.url)} })],
  plugins: [eip155(), embeddedWallet({ frameUrl: ${JSON.stringify(frameUrl)}, projectId: 'bench' })],
})
const bench = window.__latchEmbeddedBench
latch.events$.subscribe((event) => {
  if (event.type === 'embedded/frameReported' && event.payload.kind === 'frame_ready') bench?.mark('ready')
})
window.__latch = latch
window.__latchBenchSign = (message) =>
  signMessage(latch, { message, ns: 'eip155' }).then((answer) => {
    if (bench) bench.signedAt = performance.timeOrigin + performance.now()
    return answer.signature
  })
// One call of no value to the account itself: a user operation from the smart account, its gas paid by the paymaster.
window.__latchBenchSendCalls = (to) => sendCalls(latch, { calls: [{ to, value: 0n }] }).then((answer) => answer.id)
createRoot(document.getElementById('root')).render(<LatchProvider latch={latch}><ConnectButton /></LatchProvider>)
`
}

/** An output file of the dapp's build: its path under the served folder, gzip bytes (level 9), what it holds, and the paths it imports statically. */
export type PageFile = { path: string; gzip: number; name: string; embedded: boolean; imports: string[] }

export type EmbeddedDapp = { url: string; files: Map<string, PageFile>; stop(): Promise<void> }

/** True for a module of the embedded wallet on the page: the plugin (plugins/embedded/) or its views (EmailLogin, the e-mail field). */
export function isEmbeddedInput(path: string): boolean {
  const rel = relative(root, resolve(root, path))
  return rel.startsWith('plugins/embedded/') || rel.startsWith('ui/modal/views/EmailLogin/')
}

/** A short name of an output: the module it was split at, else its largest inputs. */
function outputName(metafile: Metafile, file: string): string {
  const output = metafile.outputs[file]
  if (output?.entryPoint) return relative(root, resolve(root, output.entryPoint))
  const inputs = Object.entries(output?.inputs ?? {}).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
  return `shared (${inputs.slice(0, 2).map(([path]) => relative(root, resolve(root, path)).replace(/^.*node_modules\//, '')).join(', ')})`
}

const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.css': 'text/css' }

/** Builds the dapp into a temporary folder and serves it on 127.0.0.1 (no compression, `no-store`: each fresh page fetches everything). */
export async function startEmbeddedDapp(frameUrl: string, chain: { chainId: number; name: string; url: string }): Promise<EmbeddedDapp> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-embedded-'))
  try {
    const { metafile } = await build({
      ...appBundle,
      absWorkingDir: root,
      stdin: { contents: embeddedDappSource(frameUrl, chain), resolveDir: root, loader: 'tsx', sourcefile: 'dapp.tsx' },
      entryNames: 'dapp',
      outdir: dir,
      metafile: true,
      logLevel: 'silent',
    })
    const files = new Map<string, PageFile>()
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!file.endsWith('.js')) continue
      const served = (out: string) => `/${relative(dir, resolve(root, out))}`
      const path = served(file)
      const imports = output.imports.filter((i) => i.kind === 'import-statement' && i.path.endsWith('.js')).map((i) => served(i.path))
      files.set(path, { path, gzip: gzipSync(readFileSync(resolve(root, file)), { level: 9 }).length, name: outputName(metafile, file), embedded: Object.keys(output.inputs).some(isEmbeddedInput), imports })
    }
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><meta charset="utf-8"><title>embedded wallet bench</title><body><main id="root"></main><script type="module" src="/dapp.js"></script>')
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      const file = path === '/' ? 'index.html' : normalize(path).replace(/^\/+/, '')
      try {
        const content = readFileSync(join(dir, file))
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(content)
      } catch {
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return {
      url,
      files,
      stop: async () => {
        server.closeAllConnections()
        await new Promise<void>((done) => server.close(() => done()))
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
