import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { entries } from './entries'

// The layering the README describes, enforced on every import: kernel/ imports nothing else of ours,
// plugins never import ui/ nor another plugin's internals, shipped code uses zod/mini and never
// imports scripts/ (test helpers live in scripts/testing/; only *.test.ts files beside the code use them).
const root = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(folder: string): string[] {
  const dir = join(root, folder)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === '__snapshots__' || name === 'node_modules' ? [] : sourceFiles(relative(root, path))
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [relative(root, path)] : []
  })
}

function imports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2]) as string)
}

/** The top folder (kernel, ui, plugins/<name>) a relative import lands in. */
function layerOf(path: string): string {
  const parts = relative(root, path).split('/')
  return parts[0] === 'plugins' ? `plugins/${parts[1]}` : (parts[0] as string)
}

// keccak-256 for EIP-55 checksums (kernel/rules/checksum.ts, imported by path, not from the kernel's barrel).
const shipped = { kernel: ['rxjs', 'immer', 'zod/mini', '@noble/hashes/sha3.js'] }

/** Packages a file imports with `import type` only (erased from the bundle). */
function typeOnlyImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(/^import type [^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] as string)
}

/** Relative imports that stay in the bundle (not `import type` / `export type`), and the `import()`ed ones, apart. */
function valueImports(file: string): { static: string[]; dynamic: string[] } {
  const text = readFileSync(join(root, file), 'utf8')
  const statics = [...text.matchAll(/(?:^|\n)\s*(?:import|export)(\s+type\b)?[^'"]*?from\s+['"]([^'"]+)['"]/g)].filter((m) => !m[1]).map((m) => m[2] as string)
  const dynamic = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string)
  return { static: statics, dynamic }
}

/**
 * Within `files`: where a relative import lands (`local`), and every file a file reaches by static value imports
 * (`closure`), not going through `stop` when given.
 */
function importGraph(files: ReadonlySet<string>) {
  const local = (file: string, spec: string) => {
    const target = relative(root, resolve(root, dirname(file), spec))
    return [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((path) => files.has(path))
  }
  const closure = (start: string, stop?: string) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file) || file === stop) return
      seen.add(file)
      for (const spec of valueImports(file).static) {
        const next = local(file, spec)
        if (next) visit(next)
      }
    }
    visit(start)
    return seen
  }
  return { local, closure }
}

describe('layering', () => {
  it('kernel/ imports only kernel/, rxjs, immer, zod, keccak from @noble/hashes, and the types of viem (never its code)', () => {
    const offences = sourceFiles('kernel').flatMap((file) => {
      const all = imports(file)
      // viem is allowed when every import of it is `import type`, which the bundle erases.
      const viemTypesOnly = all.filter((spec) => spec === 'viem').length === typeOnlyImports(file).filter((spec) => spec === 'viem').length
      return all
        .filter((spec) => (spec.startsWith('.') ? layerOf(resolve(root, dirname(file), spec)) !== 'kernel' : !shipped.kernel.includes(spec)))
        .filter((spec) => !(spec === 'viem' && viemTypesOnly))
        .map((spec) => `${file} → ${spec}`)
    })
    expect(offences).toEqual([])
  })

  it('plugins never import ui/ or another plugin except through its index', () => {
    const offences = sourceFiles('plugins').flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => {
          const target = resolve(root, dirname(file), spec)
          const layer = layerOf(target)
          if (layer === 'ui') return true
          if (!layer.startsWith('plugins/') || layer === layerOf(join(root, file))) return false
          return relative(join(root, layer), target) !== 'index'
        })
        .map((spec) => `${file} → ${spec}`),
    )
    expect(offences).toEqual([])
  })

  it('shipped code imports only kernel/, plugins/ and ui/ of ours (never scripts/, where test helpers live)', () => {
    const files = [...sourceFiles('kernel'), ...sourceFiles('plugins'), ...sourceFiles('ui')]
    const offences = files.flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => !['kernel', 'plugins', 'ui'].includes(relative(root, resolve(root, dirname(file), spec)).split('/')[0] as string))
        .map((spec) => `${file} → ${spec}`),
    )
    expect(offences).toEqual([])
  })

  it('code that ships to browsers imports zod/mini, never classic zod', () => {
    const files = [...sourceFiles('kernel'), ...sourceFiles('plugins'), ...sourceFiles('ui')]
    expect(files.filter((file) => imports(file).includes('zod'))).toEqual([])
  })

  it('cli/ (the shipped latch-replay bin) imports only node built-ins, cli/ and the public entries of the kernel and the plugins', () => {
    // The plugins' entries: `--plugins eip155` loads latch/plugins/eip155 (the build makes these imports of the package).
    const publicEntries = entries.map((entry) => entry.source).filter((source) => source.startsWith('kernel/') || source.startsWith('plugins/'))
    const offences = sourceFiles('cli').flatMap((file) =>
      imports(file)
        .filter((spec) => {
          if (spec.startsWith('node:')) return false
          if (!spec.startsWith('.')) return true
          const target = relative(root, resolve(root, dirname(file), spec))
          return !(layerOf(join(root, target)) === 'cli' || publicEntries.includes(`${target}.ts`))
        })
        .map((spec) => `${file} → ${spec}`),
    )
    expect(offences).toEqual([])
  })

  it('bench/, cli/ and scripts/ have no import cycle', () => {
    const files = [...sourceFiles('bench'), ...sourceFiles('cli'), ...sourceFiles('scripts')].filter((file) => !file.startsWith('bench/peers/'))
    const known = new Set(files)
    const edges = new Map(
      files.map((file) => [
        file,
        imports(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => relative(root, resolve(root, dirname(file), spec)))
          .flatMap((target) => [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].filter((path) => known.has(path)).slice(0, 1)),
      ]),
    )
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') return void cycles.push([...path.slice(path.indexOf(file)), file].join(' → '))
      state.set(file, 'open')
      for (const next of edges.get(file) ?? []) visit(next, [...path, file])
      state.set(file, 'done')
    }
    for (const file of files) visit(file, [])
    expect(cycles).toEqual([])
  })

  it("plugins/eip155: code loaded with import() reaches the plugin's other modules only through shared.ts", () => {
    // Else esbuild cuts each helper some lazy modules reach into a small chunk of the initial load (plugins/eip155/shared.ts).
    const dir = 'plugins/eip155'
    const files = new Set(sourceFiles(dir))
    const { local, closure } = importGraph(files)
    const initial = closure(`${dir}/index.ts`)
    const lazy = [...files].flatMap((file) => valueImports(file).dynamic.flatMap((spec) => local(file, spec) ?? []))
    expect(lazy).toContain(`${dir}/wallet-rpc.ts`)
    const offences = lazy.flatMap((entry) => [...closure(entry, `${dir}/shared.ts`)].filter((file) => initial.has(file)).map((file) => `${entry} → ${file}`))
    expect(offences).toEqual([])
  })

  it("plugins/api: code loaded with import() imports the plugin's other modules for their types only", () => {
    // Else esbuild cuts what the lazy chunk shares with the entry into a chunk of its own in the initial load, which
    // grows it (plugins/api/history-lazy.ts hands the chunk what it needs instead).
    const dir = 'plugins/api'
    const files = new Set(sourceFiles(dir))
    const { local, closure } = importGraph(files)
    const initial = closure(`${dir}/index.ts`)
    const lazy = [...files].flatMap((file) => valueImports(file).dynamic.flatMap((spec) => local(file, spec) ?? []))
    expect(lazy).toContain(`${dir}/history-effect.ts`)
    // One exception: latch/plugins/names's request chunk uses the provider API's client. Shared by two entries, the client
    // is a chunk of its own in Latch's dist (about 0.6 kB gzip more than inside the api entry; a dapp's bundler joins it
    // again): docs/names.md, "What loads when".
    const allowed = new Set([`${dir}/names-effect.ts → ${dir}/client.ts`])
    const offences = lazy.flatMap((entry) =>
      [...closure(entry)].filter((file) => initial.has(file)).map((file) => `${entry} → ${file}`).filter((edge) => !allowed.has(edge)),
    )
    expect(offences).toEqual([])
  })

  it('ui/: each lazily loaded module reaches ui/shared.ts, which reaches every ui module it shares with the initial load', () => {
    // Else esbuild cuts the ui modules some lazy views share with the initial load into small chunks of their own (ui/shared.ts).
    const files = new Set(sourceFiles('ui'))
    const { local, closure } = importGraph(files)
    const initial = closure('ui/index.ts')
    const shared = closure('ui/shared.ts')
    // The catalogues (ui/i18n/locales) share nothing with it but types.
    const lazy = [...files].flatMap((file) => valueImports(file).dynamic.flatMap((spec) => local(file, spec) ?? [])).filter((file) => !file.startsWith('ui/i18n/locales/'))
    expect(lazy).toContain('ui/modal/index.tsx')
    const offences = lazy.flatMap((entry) => {
      const reached = closure(entry)
      const missing = [...reached].filter((file) => initial.has(file) && !shared.has(file)).map((file) => `${entry} → ${file} (not reached from ui/shared.ts)`)
      return reached.has('ui/shared.ts') ? missing : [`${entry} does not reach ui/shared.ts`, ...missing]
    })
    expect(offences).toEqual([])
  })

  it('reads imports the way the checks above assume', () => {
    expect(imports('kernel/index.ts')).toContain('./latch')
    expect(typeOnlyImports('kernel/actions/sign-message.ts')).toEqual(['viem', '../kernel', '../types'])
    expect(layerOf(join(root, 'plugins/eip155/connect.ts'))).toBe('plugins/eip155')
  })
})
