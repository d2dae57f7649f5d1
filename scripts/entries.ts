/** One public subpath of the package: where its source is and what esbuild names its output. */
export type Entry = {
  /** The key in package.json "exports" (`.`, `./testing`, `./react`, `./plugins/eip155`). */
  subpath: string
  /** Source file, relative to the repository root. */
  source: string
  /** Output name under dist/ without extension (`index` → `dist/index.js`). */
  out: string
}

/** Every public entry point: the single list build, check-exports and bench read. */
export const entries: readonly Entry[] = [
  { subpath: '.', source: 'kernel/index.ts', out: 'index' },
  { subpath: './testing', source: 'kernel/testing.ts', out: 'testing' },
  { subpath: './plugins/eip155', source: 'plugins/eip155/index.ts', out: 'plugins/eip155' },
  { subpath: './plugins/api', source: 'plugins/api/index.ts', out: 'plugins/api' },
  { subpath: './react', source: 'ui/index.ts', out: 'react' },
]

/** Where the declaration file of an entry lands (tsc keeps the source tree under dist/types). */
export function typesPath(entry: Entry): string {
  return `./dist/types/${entry.source.replace(/\.tsx?$/, '.d.ts')}`
}

/** Where the bundle of an entry lands. */
export function importPath(entry: Entry): string {
  return `./dist/${entry.out}.js`
}
