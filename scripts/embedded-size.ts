/**
 * The embedded wallet channel's bytes (docs/embedded-wallet.md, "What it costs"): `npx tsx scripts/embedded-size.ts`
 * bundles the page's end (plugins/embedded/channel.ts + protocol.ts) and the frame's end (frame/channel.ts) with esbuild,
 * minified, ES2022, and prints minified and gzip (level 9) bytes: the page's end without zod/mini and the kernel (every
 * entry's first load holds them), and with them. `--plugin` also builds the bench's EVM + api dapp (bench/app.ts) with and
 * without `embeddedWallet()` and prints what the plugin adds to its first load, and on first use.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

export type EmbeddedSize = { name: string; minified: number; gzip: number }

async function measure(name: string, contents: string, external: readonly RegExp[]): Promise<EmbeddedSize> {
  const leaveOut: Plugin = {
    name: 'leave-out',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => (external.some((pattern) => pattern.test(args.path)) ? { path: args.path, external: true } : undefined))
    },
  }
  const result = await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, plugins: [leaveOut], logLevel: 'silent' })
  const text = result.outputFiles[0]?.text ?? ''
  return { name, minified: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length }
}

const page = `export * from './plugins/embedded/channel'\nexport * from './plugins/embedded/protocol'`

export function embeddedSizes(): Promise<EmbeddedSize[]> {
  return Promise.all([
    measure('page end (channel + protocol), kernel and zod/mini left out', page, [/^zod/, /kernel\/index$/]),
    measure('page end with the kernel parts it uses and zod/mini', page, []),
    measure('frame end (frame/channel.ts + protocol + zod/mini)', `export * from './frame/channel'`, []),
  ])
}

/** What `embeddedWallet()` adds to the bench's EVM + api dapp (React external): up front, and everything it can load. */
export async function embeddedPluginCost(): Promise<{ upFront: { raw: number; gzip: number }; all: { raw: number; gzip: number } }> {
  const { measureDapp } = await import('../bench/app')
  const without = await measureDapp('EVM + api', ['api'])
  const withIt = await measureDapp('EVM + api + embedded', ['api', 'embedded'])
  const diff = (a: { raw: number; gzip: number }, b: { raw: number; gzip: number }) => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip })
  return { upFront: diff(withIt.initial.latch, without.initial.latch), all: diff(withIt.all.latch, without.all.latch) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const size of await embeddedSizes()) console.log(`${size.name}: ${(size.minified / 1024).toFixed(1)} kB minified, ${(size.gzip / 1024).toFixed(1)} kB gzip`)
  if (process.argv.includes('--plugin')) {
    const cost = await embeddedPluginCost()
    console.log(`embeddedWallet() in the EVM + api dapp: up front ${(cost.upFront.raw / 1024).toFixed(1)} kB minified, ${(cost.upFront.gzip / 1024).toFixed(1)} kB gzip; everything it can load ${(cost.all.raw / 1024).toFixed(1)} kB minified, ${(cost.all.gzip / 1024).toFixed(1)} kB gzip`)
  }
}
