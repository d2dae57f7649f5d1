import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { entries } from './entries'
import { browserBundle } from './esbuild-options'

// docs/plugins.md, "Draft reducers": immer is a dependency of the package, but only `latch/immer` imports it. The package's
// entries are built the way scripts/build.ts builds them (code-split, shared chunks, dependencies external): what a dapp
// loads through any other entry — every chunk it imports, statically or lazily — never imports immer, while
// `latch/immer` does.
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
