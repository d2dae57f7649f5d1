import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPackage, clientDirective, clientDirectiveProblems, externalPackages, publicEntriesAsPackage, staticClosure, type BuildResult } from './build'
import { buttonsStylesheet, stylesheetMarker } from '../ui/components/buttons.css'
import { withExtensions } from './declaration-extensions'
import { checkExports } from './check-exports'
import { entries as publicEntries, packageSpecifier, standaloneEntries, type Entry } from './entries'

const output = (imports: Metafile['outputs'][string]['imports']) => ({ bytes: 1, inputs: {}, exports: [], imports })

describe('staticClosure', () => {
  it('follows static imports between outputs, not dynamic or external ones', () => {
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'dist/index.js': output([
          { path: 'dist/chunks/a.js', kind: 'import-statement' },
          { path: 'dist/chunks/lazy.js', kind: 'dynamic-import' },
          { path: 'rxjs', kind: 'import-statement', external: true },
        ]),
        'dist/chunks/a.js': output([{ path: 'dist/chunks/b.js', kind: 'import-statement' }]),
        'dist/chunks/b.js': output([{ path: 'dist/chunks/a.js', kind: 'import-statement' }]),
        'dist/chunks/lazy.js': output([]),
      },
    }
    expect(staticClosure(metafile, 'dist/index.js').sort()).toEqual(['dist/chunks/a.js', 'dist/chunks/b.js', 'dist/index.js'])
  })
})

describe('package fixtures', () => {
  const entries: Entry[] = [
    { subpath: '.', source: 'kernel/index.ts', out: 'index' },
    { subpath: './testing', source: 'kernel/testing.ts', out: 'testing' },
  ]

  function fixture(pkg: object, files: string[] = []): string {
    const root = mkdtempSync(join(tmpdir(), 'latch-exports-'))
    writeFileSync(join(root, 'package.json'), JSON.stringify(pkg))
    for (const file of ['kernel/index.ts', 'kernel/testing.ts', ...files]) {
      mkdirSync(join(root, file, '..'), { recursive: true })
      writeFileSync(join(root, file), '')
    }
    return root
  }

  it('marks dependencies and peer dependencies external, with subpaths', () => {
    const root = fixture({ dependencies: { zod: '1' }, peerDependencies: { react: '19', zod: '1' } })
    expect(externalPackages(root)).toEqual(['zod', 'zod/*', 'react', 'react/*'])
  })

  it('accepts exports that match the entries once built', () => {
    const exports = {
      '.': { types: './dist/types/kernel/index.d.ts', import: './dist/index.js' },
      './testing': { types: './dist/types/kernel/testing.d.ts', import: './dist/testing.js' },
      './package.json': './package.json',
    }
    const built = ['dist/types/kernel/index.d.ts', 'dist/index.js', 'dist/types/kernel/testing.d.ts', 'dist/testing.js']
    expect(checkExports({ root: fixture({ exports }, built), entries, bins: [], stylesheets: [] })).toEqual({ ok: true, problems: [] })
    const unbuilt = checkExports({ root: fixture({ exports }), entries, bins: [], stylesheets: [] })
    expect(unbuilt.problems).toContain('.: ./dist/index.js does not exist (run npm run build)')
    expect(checkExports({ root: fixture({ exports }), entries, bins: [], stylesheets: [], files: false }).ok).toBe(true)
  })

  it('reports missing, extra, misordered and wrong conditions', () => {
    const exports = {
      '.': { import: './dist/index.js', types: './dist/types/kernel/index.d.ts' },
      './extra': { types: './x.d.ts', import: './x.js' },
    }
    const { ok, problems } = checkExports({ root: fixture({ exports }), entries, bins: [], stylesheets: [], files: false })
    expect(ok).toBe(false)
    expect(problems).toEqual([
      '.: "types" must be the first condition',
      './testing: missing (want { "types": "./dist/types/kernel/testing.d.ts", "import": "./dist/testing.js" })',
      './extra: exported but not in scripts/entries.ts',
    ])
  })
})

describe('package bins', () => {
  const bins = [{ name: 'latch-replay', source: 'cli/bin.ts', out: 'bin/latch-replay' }]
  const exports = { '.': { types: './dist/types/kernel/index.d.ts', import: './dist/index.js' } }
  const entries: Entry[] = [{ subpath: '.', source: 'kernel/index.ts', out: 'index' }]

  function fixture(pkg: object, files: string[] = []): string {
    const root = mkdtempSync(join(tmpdir(), 'latch-bins-'))
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'latch', exports, ...pkg }))
    for (const file of ['kernel/index.ts', ...files]) {
      mkdirSync(join(root, file, '..'), { recursive: true })
      writeFileSync(join(root, file), '')
    }
    return root
  }

  it('checks that package.json "bin" lists exactly the bins, built', () => {
    const bin = { 'latch-replay': 'dist/bin/latch-replay.js' }
    expect(checkExports({ root: fixture({ bin }, ['dist/bin/latch-replay.js']), entries, bins, stylesheets: [], files: false })).toEqual({ ok: true, problems: [] })
    expect(checkExports({ root: fixture({ bin }), entries, bins, stylesheets: [], files: true }).problems).toContain('bin latch-replay: dist/bin/latch-replay.js does not exist (run npm run build)')
    expect(checkExports({ root: fixture({}), entries, bins, stylesheets: [], files: false }).problems).toEqual(['bin latch-replay: is undefined, want "dist/bin/latch-replay.js"'])
    expect(checkExports({ root: fixture({ bin: { ...bin, other: 'x.js' } }), entries, bins, stylesheets: [], files: false }).problems).toEqual(['bin other: listed but not in scripts/entries.ts'])
  })

  it('builds a bin whose imports of public entries become imports of the package, and refuses other sources', async () => {
    const root = fixture({}, ['kernel/private.ts'])
    writeFileSync(join(root, 'kernel/index.ts'), 'export const answer = 42\n')
    mkdirSync(join(root, 'cli'))
    writeFileSync(join(root, 'cli/bin.ts'), "import { answer } from '../kernel/index'\nimport { twice } from './twice'\nconsole.log(twice(answer))\n")
    writeFileSync(join(root, 'cli/twice.ts'), 'export const twice = (n: number) => n * 2\n')
    const plugin = publicEntriesAsPackage(root, bins, entries)
    const built = await build({ absWorkingDir: root, entryPoints: ['cli/bin.ts'], bundle: true, write: false, format: 'esm', platform: 'node', plugins: [plugin], logLevel: 'silent' })
    const text = built.outputFiles[0]?.text ?? ''
    expect(text).toMatch(/from "latch"/)
    expect(text).toContain('n * 2')
    writeFileSync(join(root, 'cli/bin.ts'), "import '../kernel/private'\n")
    await expect(build({ absWorkingDir: root, entryPoints: ['cli/bin.ts'], bundle: true, write: false, plugins: [plugin], logLevel: 'silent' })).rejects.toThrow(/may import only its own folder and the package's public entries/)
  })
})

describe('withExtensions', () => {
  const files = new Set(['/t/kernel/latch.d.ts', '/t/kernel/rules/index.d.ts', '/t/kernel/index.d.ts', '/t/kernel/events.d.ts'])
  const exists = (path: string) => files.has(path)

  it('adds .js to relative specifiers of files and /index.js to folders', () => {
    const text = [
      "export { createLatch } from './latch';",
      "export * from './rules';",
      'export declare const a: import("..").EventDefinition;',
      "declare module '../events' {}",
      "import { x } from 'rxjs';",
      "export * from './latch.js';",
      "export * from './missing';",
    ].join('\n')
    expect(withExtensions(text, '/t/kernel', exists)).toBe(
      [
        "export { createLatch } from './latch.js';",
        "export * from './rules/index.js';",
        'export declare const a: import("..").EventDefinition;',
        "declare module '../events' {}",
        "import { x } from 'rxjs';",
        "export * from './latch.js';",
        "export * from './missing';",
      ].join('\n'),
    )
    expect(withExtensions('const a: import("..").X', '/t/kernel/core', exists)).toBe('const a: import("../index.js").X')
    expect(withExtensions("declare module '../events' {}", '/t/kernel/core', exists)).toBe("declare module '../events.js' {}")
  })
})

describe('tsconfig.build.json', () => {
  it('emits declarations from the public entries only (no test helper or script reaches dist/types)', () => {
    const config = JSON.parse(readFileSync(new URL('../tsconfig.build.json', import.meta.url), 'utf8')) as { files?: string[]; include?: string[] }
    expect(config.files).toEqual([...publicEntries, ...standaloneEntries].map((entry) => entry.source))
    expect(config.include).toEqual([])
  })
})

describe('tsconfig.json "paths"', () => {
  it('name every public entry by its package specifier, as examples/ import them (vitest.config.ts aliases the same list)', () => {
    const config = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }
    const paths = config.compilerOptions.paths
    const resolve = (specifier: string): string | undefined => {
      const exact = paths[specifier]?.[0]
      if (exact) return exact
      const pattern = Object.keys(paths).find((key) => key.endsWith('/*') && specifier.startsWith(key.slice(0, -1)))
      return pattern ? paths[pattern]?.[0]?.replace('*', specifier.slice((pattern as string).length - 1)) : undefined
    }
    expect(publicEntries.map((entry) => [packageSpecifier(entry), resolve(packageSpecifier(entry))])).toEqual(publicEntries.map((entry) => [packageSpecifier(entry), `./${entry.source}`]))
  })
})

describe('"use client" (docs/nextjs.md, "What runs on the server")', () => {
  const entries: Entry[] = [
    { subpath: './react', source: 'react.ts', out: 'react' },
    { subpath: '.', source: 'kernel.ts', out: 'index' },
  ]
  const metafile = (reactImportedBy: string): Metafile => ({
    inputs: {},
    outputs: {
      'dist/react.js': { ...output([{ path: 'dist/chunk.js', kind: 'import-statement' }]), entryPoint: 'react.ts' },
      'dist/index.js': { ...output([{ path: 'dist/chunk.js', kind: 'import-statement' }]), entryPoint: 'kernel.ts' },
      'dist/chunk.js': output(reactImportedBy === 'chunk' ? [{ path: 'react', kind: 'import-statement', external: true }] : []),
    },
  })
  function fixture(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'latch-directive-'))
    mkdirSync(join(root, 'dist'))
    for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text)
    return root
  }

  it('is required on an entry that loads React through a chunk, and refused on one that loads none', () => {
    const marked = fixture({ 'dist/react.js': `${clientDirective}import"./chunk.js";`, 'dist/index.js': 'import"./chunk.js";' })
    expect(clientDirectiveProblems(marked, metafile('none'), entries)).toEqual([
      './react: dist/react.js starts with "use client"; but loads no React (a server could not run it)',
    ])
    // A chunk shared with the kernel that imported React would make the kernel a client module too.
    expect(clientDirectiveProblems(marked, metafile('chunk'), entries)).toEqual([
      `.: loads React but dist/index.js does not start with "use client"; (add 'use client' at the top of kernel.ts)`,
    ])
    const unmarked = fixture({ 'dist/react.js': 'import"./chunk.js";', 'dist/index.js': 'import"./chunk.js";' })
    expect(clientDirectiveProblems(unmarked, metafile('none'), entries)).toEqual([])
  })
})

describe('the built package', () => {
  let outdir: string
  let result: BuildResult
  const root = join(import.meta.dirname, '..')
  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'latch-build-'))
    result = await buildPackage({ outdir, types: false })
  }, 180_000)
  afterAll(() => rmSync(outdir, { recursive: true, force: true }))

  function jsFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
      const path = join(dir, item.name)
      return item.isDirectory() ? jsFiles(path) : item.name.endsWith('.js') ? [relative(outdir, path)] : []
    })
  }

  it('starts exactly latch/react, latch/elements and latch/devtools with "use client": no plugin, kernel, wagmi, i18n, locale, server entry, standalone or chunk carries it', () => {
    const marked = jsFiles(outdir).filter((file) => readFileSync(join(outdir, file), 'utf8').startsWith(clientDirective))
    expect(marked.sort()).toEqual(['devtools.js', 'elements.js', 'react.js'])
    expect(clientDirectiveProblems(root, result.metafile, publicEntries)).toEqual([])
  })

  it('writes latch/styles.css: the buttons\' styles as the run time adopts them, with the marker', () => {
    const css = readFileSync(join(outdir, 'styles.css'), 'utf8')
    expect(css).toBe(buttonsStylesheet)
    expect(css).toContain('.latch-connect{')
    expect(css).toContain(`:root{${stylesheetMarker}:1}`)
    expect(result.stylesheets.map((sheet) => [sheet.sheet.subpath, sheet.raw])).toEqual([['./styles.css', Buffer.byteLength(css)]])
  })
})
