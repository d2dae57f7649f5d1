/**
 * The worked example of a third-party chain family (docs/plugins.md, "A worked example: watch an address"), from the
 * packed tarball: examples/watch-address, which imports only `latch`, `latch/family` and `latch/testing`, is copied
 * into a fresh app outside the repository that installed the tarball, typechecked there by tsc with `strict`,
 * `exactOptionalPropertyTypes`, `noUncheckedIndexedAccess` and `skipLibCheck: false`, bundled by esbuild with the
 * packages left to node_modules (its balance reader a chunk of its own), and run by node against a JSON-RPC node on
 * 127.0.0.1: connect the typed address, read the account, be refused a signature, disconnect, reload and reconnect.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectedScenario } from '../../examples/watch-address/expected'
import { startRpcNode } from '../../examples/watch-address/rpc-node'
import { installApp, root, run } from './tarball'

const example = join(root, 'examples/watch-address')
/** The example's own files: the plugin, its lazily loaded balance reader, and the scenario a dapp runs. */
const files = ['index.ts', 'balance.ts', 'scenario.ts']
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let dir = ''
let temps: string[] = []
afterAll(async () => {
  await Promise.all(temps.map((temp) => rm(temp, { recursive: true, force: true })))
}, 300_000)

beforeAll(async () => {
  // Built and packed once for the project (scripts/package/pack-once.ts).
  const { tarball } = inject('latchPack')
  // What the example imports besides Latch: rxjs and zod, at the versions Latch depends on; typescript to check it.
  // And viem, an optional peer: the declarations of latch's verbs (signMessage, sendTransaction) import its types.
  const dependencies = {
    rxjs: rootPackage.dependencies.rxjs as string,
    zod: rootPackage.dependencies.zod as string,
    typescript: rootPackage.devDependencies.typescript as string,
    viem: rootPackage.devDependencies.viem as string,
  }
  dir = await installApp('latch-watch-address-app', tarball, dependencies)
  temps = [dir]
  mkdirSync(join(dir, 'src'))
  for (const file of files) copyFileSync(join(example, file), join(dir, 'src', file))
}, 600_000)

describe('a third-party chain family on the public plugin-author entry, from the packed tarball', () => {
  it('is installed outside the repository, and the example imports nothing but the public entries, rxjs and zod', () => {
    expect(relative(root, dir).startsWith('..')).toBe(true)
    const imports = files.flatMap((file) => [...readFileSync(join(example, file), 'utf8').matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].map((match) => match[1] ?? match[2]))
    expect([...new Set(imports)].filter((spec) => !spec?.startsWith('./')).sort()).toEqual(['latch', 'latch/family', 'latch/testing', 'rxjs', 'zod/mini'])
  })

  it('typechecks with strict TypeScript against the installed declarations, zero errors', async () => {
    const compilerOptions = {
      target: 'ES2022',
      lib: ['dom', 'es2022'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      types: [],
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: files.map((file) => `src/${file}`) }, null, 2))
    const tsc = join(dir, 'node_modules/typescript/bin/tsc')
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }))
    expect(result.stdout.split('\n').filter((line) => /error TS\d+/.test(line))).toEqual([])
  }, 120_000)

  it('connects a typed address read-only, reads it from the state, is refused a signature, disconnects, and reconnects after a reload', async () => {
    writeFileSync(
      join(dir, 'src/run.ts'),
      `import { runScenario } from './scenario'\nconst [url = '', address = ''] = process.argv.slice(2)\nconsole.log(JSON.stringify(await runScenario(url, fetch, address)))\n`,
    )
    const out = join(dir, 'out')
    await build({ absWorkingDir: dir, entryPoints: ['src/run.ts'], outdir: out, bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' })
    // The balance reader, loaded on demand, is a chunk of its own.
    expect(readdirSync(out).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1)
    const node = await startRpcNode(1_500_000_000_000_000_000n)
    try {
      const { stdout } = await run(process.execPath, [join(out, 'run.js'), node.url, address], { cwd: dirname(out) })
      expect(JSON.parse(stdout)).toEqual(expectedScenario(address))
      expect(node.asked).toContain(`eth_getBalance(${JSON.stringify([address, 'latest'])})`)
    } finally {
      await node.close()
    }
  }, 120_000)
})
