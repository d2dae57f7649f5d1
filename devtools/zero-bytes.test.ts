import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { browserBundle } from '../scripts/esbuild-options'

// docs/devtools.md, "Zero bytes when off": the package is built the way scripts/build.ts builds it (code-split, shared
// chunks); what an app without `latch/devtools` loads — `latch` and `latch/react` with every chunk they import, statically or
// lazily — holds no byte of devtools/ (nor of the diff it shares with the CLI), while the devtools entry does.
const root = fileURLToPath(new URL('..', import.meta.url))
const devtoolsSources = (input: string) => input.startsWith('devtools/') || input === 'cli/state-diff.ts'

/** Every output an entry reaches, static and `import()` alike, and the sources bundled into them. */
function reach(metafile: Metafile, entry: string): string[] {
  const outputs = Object.entries(metafile.outputs)
  const start = outputs.find(([, output]) => output.entryPoint === entry)?.[0]
  if (!start) throw new Error(`no output for ${entry}`)
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const next of metafile.outputs[path]?.imports ?? []) if (!next.external) visit(next.path)
  }
  visit(start)
  return [...seen].flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}))
}

describe('latch/devtools costs nothing unless imported', () => {
  it('latch and latch/react reach no devtools source; latch/devtools does', async () => {
    const result = await build({
      ...browserBundle,
      absWorkingDir: root,
      entryPoints: ['kernel/index.ts', 'ui/index.ts', 'devtools/index.ts'],
      outdir: 'dist-zero-bytes',
      write: false,
      metafile: true,
      logLevel: 'silent',
      jsx: 'automatic',
      packages: 'external',
    })
    const app = [...reach(result.metafile, 'kernel/index.ts'), ...reach(result.metafile, 'ui/index.ts')]
    expect(app.length).toBeGreaterThan(20)
    expect(app.filter(devtoolsSources)).toEqual([])
    expect(reach(result.metafile, 'devtools/index.ts').filter(devtoolsSources).sort()).toEqual(
      expect.arrayContaining(['cli/state-diff.ts', 'devtools/LatchDevtools.tsx', 'devtools/index.ts', 'devtools/model.ts', 'devtools/styles.ts']),
    )
  }, 60_000)
})
