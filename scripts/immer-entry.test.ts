import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { dappSource, reactExternals } from '../bench/app'
import { entries } from './entries'
import { appBundle, browserBundle } from './esbuild-options'

// docs/plugins.md, "Draft reducers": immer is a dependency of the package, but only `latch/immer` imports it. The package's
// entries are built the way scripts/build.ts builds them (code-split, shared chunks, dependencies external): what a dapp
// loads through any other entry — every chunk it imports, statically or lazily — never imports immer, while
// `latch/immer` does. And a dapp, bundled with every dependency as the bench bundles one, holds no byte of immer unless
// it imports `latch/immer`.
const root = fileURLToPath(new URL('..', import.meta.url))

/** The packages every output an entry reaches imports (static and `import()` alike). */
function packagesReached(metafile: Metafile, entry: string): string[] {
  const start = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entry)?.[0]
  if (!start) throw new Error(`no output for ${entry}`)
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const next of metafile.outputs[path]?.imports ?? []) {
      if (next.external) packages.add(next.path)
      else visit(next.path)
    }
  }
  visit(start)
  return [...packages]
}

describe('latch/immer is the only door to immer', () => {
  it('no entry but latch/immer reaches immer; latch/immer does', async () => {
    const sources = entries.map((entry) => entry.source)
    expect(sources).toContain('kernel/immer.ts')
    const result = await build({
      ...browserBundle,
      absWorkingDir: root,
      entryPoints: sources,
      outdir: 'dist-immer-entry',
      write: false,
      metafile: true,
      logLevel: 'silent',
      jsx: 'automatic',
      packages: 'external',
    })
    const immer = (spec: string) => spec === 'immer' || spec.startsWith('immer/')
    const offences = sources
      .filter((source) => source !== 'kernel/immer.ts')
      .flatMap((source) => packagesReached(result.metafile, source).filter(immer).map((spec) => `${source} → ${spec}`))
    expect(offences).toEqual([])
    // It can fail: the entry that imports immer is seen to.
    expect(packagesReached(result.metafile, 'kernel/immer.ts').filter(immer)).toEqual(['immer'])
  }, 120_000)
})

/** The immer modules bundled into everything `source` (a dapp's entry) may load, static and lazy alike. */
async function immerInDapp(source: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-immer-dapp-'))
  try {
    const entry = join(dir, 'dapp.tsx')
    writeFileSync(entry, source)
    // Bare imports resolve from the repository's node_modules, as the bench's dapps do (bench/app.ts).
    const result = await build({ ...appBundle, absWorkingDir: root, nodePaths: [join(root, 'node_modules')], entryPoints: [entry], outdir: join(dir, 'out'), write: false, metafile: true, logLevel: 'silent', external: reactExternals })
    return Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/immer/'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('a dapp without latch/immer carries no immer', () => {
  it('the dapp with every first-party plugin bundles none of immer; the same dapp with a draft-reducer plugin does', async () => {
    const every = dappSource(['api', 'solana', 'bip122', 'walletconnect', 'siwx', 'names'])
    expect(await immerInDapp(every)).toEqual([])
    // It can fail: a plugin written with drafts() brings immer in.
    const withDrafts = [
      every.replace('plugins: [', 'plugins: [counter, '),
      `import { definePlugin } from ${JSON.stringify(join(root, 'kernel/index.ts'))}`,
      `import { drafts } from ${JSON.stringify(join(root, 'kernel/immer.ts'))}`,
      `const counter = definePlugin({ name: 'counter', update: drafts({ 'modal/opened'(draft) { draft.router.open = true } }) })`,
    ].join('\n')
    expect((await immerInDapp(withDrafts)).length).toBeGreaterThan(0)
  }, 180_000)
})
