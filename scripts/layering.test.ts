import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { entries, type Entry } from './entries'

// The layering the README describes, enforced on every import: kernel/ imports nothing else of ours,
// plugins never import ui/ nor another plugin's internals, adapters/ and ui/ reach a plugin only through its index.ts,
// shipped code uses zod/mini and never imports scripts/ (test helpers live in scripts/testing/; only *.test.ts files
// beside the code use them), no import circle anywhere, and one chunking convention (docs/chunks.md).
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

/** The top folder (kernel, ui, plugins/<name>, adapters/<name>) a relative import lands in. */
function layerOf(path: string): string {
  const parts = relative(root, path).split('/')
  return parts[0] === 'plugins' || parts[0] === 'adapters' ? `${parts[0]}/${parts[1]}` : (parts[0] as string)
}

/** Every relative import of a file, type-only and `import()`ed ones included, read by TypeScript (comments do not count). */
function allImports(file: string, read = (path: string) => readFileSync(join(root, path), 'utf8')): string[] {
  return ts.preProcessFile(read(file), true, true).importedFiles.map((ref) => ref.fileName).filter((spec) => spec.startsWith('.'))
}

/** The import circles among `files` (every import counts, `import type` and `import()` too), each as `a → b → a`. */
function importCircles(files: readonly string[], read?: (path: string) => string): string[] {
  const known = new Set(files)
  const edges = new Map(
    files.map((file) => [
      file,
      allImports(file, read)
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
  return cycles
}

// keccak-256 for EIP-55 checksums (kernel/rules/checksum.ts, imported by path, not from the kernel's barrel).
const shipped = { kernel: ['rxjs', 'immer', 'zod/mini', '@noble/hashes/sha3.js'] }
// RxJS by one module's path: what the first load runs does not reach rxjs's index (docs/chunks.md, "RxJS in the first load").
const rxjsModule = /^rxjs\/internal\/[\w/]+$/

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

/** The folder a module belongs to for the chunking convention: plugins/<name>, adapters/<name>, or the top folder. */
function areaOf(file: string): string {
  return layerOf(join(root, file))
}

/**
 * docs/chunks.md: for one entry, every module loaded with import() from its first load or from such a module (another
 * entry's source excepted: that entry answers for itself) shares the modules of its own folder that the first load
 * also holds through one door. All such modules of a folder are reached by the same lazy modules (esbuild then keeps
 * them in one chunk instead of one per subset), and where the folder has a shared.ts, from it, and each of those lazy
 * modules reaches it. Modules the kernel's barrel reaches are in every entry's first load and never count, but a lazy
 * module reaching some of them reaches the barrel too. In ui/, a lazy module loaded by another lazy module shares no module
 * with it outside the first load.
 */
function chunkOffences(entry: Entry): string[] {
  const files = new Set(['kernel', 'plugins', 'adapters', 'ui'].flatMap(sourceFiles))
  const { local, closure } = importGraph(files)
  const initial = closure(entry.source)
  const kernel = closure('kernel/index.ts')
  const sources = new Set(entries.map((other) => other.source))
  const lazy = new Set<string>()
  const queue = [...initial]
  while (queue.length > 0) {
    const file = queue.pop() as string
    for (const spec of valueImports(file).dynamic) {
      const target = local(file, spec)
      if (target === undefined || sources.has(target) || lazy.has(target)) continue
      lazy.add(target)
      queue.push(...closure(target))
    }
  }
  const offences: string[] = []
  for (const area of new Set([...lazy].map(areaOf))) {
    const door = files.has(`${area}/shared.ts`) ? `${area}/shared.ts` : undefined
    const doorReach = door ? closure(door) : new Set<string>()
    const modules = [...lazy].filter((file) => areaOf(file) === area)
    const reach = new Map(modules.map((module) => [module, closure(module)]))
    const shared = [...new Set(modules.flatMap((module) => [...(reach.get(module) as Set<string>)]))].filter((file) => initial.has(file) && areaOf(file) === area && !kernel.has(file) && !lazy.has(file))
    const groups = new Map<string, string[]>()
    for (const file of shared) {
      const key = modules.filter((module) => reach.get(module)?.has(file)).join(' + ')
      groups.set(key, [...(groups.get(key) ?? []), file])
    }
    if (groups.size > 1) offences.push(...[...groups].map(([key, group]) => `${area}: ${group.join(', ')} reached by ${key} only`))
    if (door) {
      offences.push(...shared.filter((file) => !doorReach.has(file)).map((file) => `${area}: ${file} is not reached from ${door}`))
      // A lazy module that loads others of its folder which reach the door (the modal, loading its views) reaches the same
      // modules by their paths: reaching the door too would make the door, reached by it and by them, a file of its own
      // that it waits for. The groups above still hold it to the same modules.
      const loadsDoorUsers = (module: string) =>
        [...(reach.get(module) as Set<string>)].some((file) =>
          valueImports(file).dynamic.some((spec) => {
            const target = local(file, spec)
            return target !== undefined && modules.includes(target) && target !== module && (reach.get(target)?.has(door) ?? false)
          }),
        )
      offences.push(...modules.filter((module) => shared.some((file) => reach.get(module)?.has(file)) && !reach.get(module)?.has(door) && !loadsDoorUsers(module)).map((module) => `${module} does not reach ${door}`))
    }
  }
  // In ui/, a lazy module loaded by another one (the modal's views) shares with it nothing outside the first load: what
  // they shared would be a chunk of its own, fetched only once the loader's chunk has been read, a second round trip
  // before the modal opens. The modal hands its views what they need instead (ui/modal/door.ts, ui/modal/views/kit.ts).
  for (const loader of [...lazy].filter((file) => areaOf(file) === 'ui')) {
    const reach = closure(loader)
    const loaded = new Set([...reach].flatMap((file) => valueImports(file).dynamic.map((spec) => local(file, spec))))
    for (const module of loaded) {
      if (module === undefined || !lazy.has(module) || reach.has(module)) continue
      const common = [...closure(module)].filter((file) => reach.has(file) && !initial.has(file))
      if (common.length > 0) offences.push(`${module} shares ${common.join(', ')} with ${loader}, which loads it`)
    }
  }
  // The kernel's door is its barrel: a lazy module reaching some of what the barrel reaches, but not the barrel itself,
  // would cut the kernel's first load in two chunks.
  for (const module of lazy) {
    const reach = closure(module)
    if (reach.has('kernel/index.ts')) continue
    const part = [...reach].filter((file) => kernel.has(file) && initial.has(file) && !lazy.has(file))
    if (part.length > 0) offences.push(`kernel: ${part.join(', ')} reached by ${module} without kernel/index.ts`)
  }
  return offences
}

describe('layering', () => {
  it('kernel/ imports only kernel/, rxjs, immer, zod, keccak from @noble/hashes, and the types of viem (never its code)', () => {
    const offences = sourceFiles('kernel').flatMap((file) => {
      const all = imports(file)
      // viem is allowed when every import of it is `import type`, which the bundle erases.
      const viemTypesOnly = all.filter((spec) => spec === 'viem').length === typeOnlyImports(file).filter((spec) => spec === 'viem').length
      return all
        .filter((spec) => (spec.startsWith('.') ? layerOf(resolve(root, dirname(file), spec)) !== 'kernel' : !shipped.kernel.includes(spec) && !rxjsModule.test(spec)))
        .filter((spec) => !(spec === 'viem' && viemTypesOnly))
        .map((spec) => `${file} → ${spec}`)
    })
    expect(offences).toEqual([])
  })

  it('plugins and adapters never import ui/, and reach another plugin only through its index', () => {
    const offences = [...sourceFiles('plugins'), ...sourceFiles('adapters')].flatMap((file) =>
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

  it("ui/ reaches a plugin only through its index.ts, its ui.ts or its error-codes.ts, never its internals (types included)", () => {
    // ui.ts: what the modal uses of a plugin, reaching none of its lazily loaded code (plugins/walletconnect/ui.ts): through
    // index.ts, latch/react would reach the plugin's import() of an optional peer a dapp may not install. error-codes.ts:
    // the plugin's error declaration alone (docs/errors.md), which the locale checker reads without the plugin.
    const offences = sourceFiles('ui').flatMap((file) =>
      allImports(file)
        .filter((spec) => {
          const target = resolve(root, dirname(file), spec)
          const layer = layerOf(target)
          return layer.startsWith('plugins/') && !['index', 'ui', 'error-codes'].includes(relative(join(root, layer), target))
        })
        .map((spec) => `${file} → ${spec}`),
    )
    expect(offences).toEqual([])
  })

  it('kernel/, plugins/, adapters/, ui/, devtools/ and cli/ have no import circle (type-only and import() included)', () => {
    expect(importCircles(['kernel', 'plugins', 'adapters', 'ui', 'devtools', 'cli'].flatMap(sourceFiles))).toEqual([])
  })

  it('devtools/ (latch/devtools, docs/devtools.md) imports only kernel/index, ui/, its own folder and the diff it shares with the CLI; nothing else imports it', () => {
    const offences = sourceFiles('devtools').flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => relative(root, resolve(root, dirname(file), spec)))
        .filter((target) => !(target === 'kernel/index' || target === 'cli/state-diff' || target.startsWith('ui/') || target.startsWith('devtools/')))
        .map((target) => `${file} → ${target}`),
    )
    const importers = ['kernel', 'plugins', 'adapters', 'ui', 'cli'].flatMap(sourceFiles).filter((file) =>
      imports(file).some((spec) => spec.startsWith('.') && relative(root, resolve(root, dirname(file), spec)).startsWith('devtools/')),
    )
    expect([...offences, ...importers]).toEqual([])
  })

  it('finds an import circle where there is one, through `import type` and `import()` too', () => {
    const texts: Record<string, string> = {
      'x/a.ts': "import type { B } from './b'\nexport type A = B",
      'x/b.ts': "// import('./c') in a comment is no import\nexport const b = () => import('./a')\nexport type B = number",
      'x/c.ts': "import { b } from './b'",
    }
    expect(importCircles(Object.keys(texts), (file) => texts[file] as string)).toEqual(['x/a.ts → x/b.ts → x/a.ts'])
  })

  it('shipped code imports only kernel/, plugins/, adapters/ and ui/ of ours (never scripts/, where test helpers live)', () => {
    const files = [...sourceFiles('kernel'), ...sourceFiles('plugins'), ...sourceFiles('adapters'), ...sourceFiles('ui')]
    const offences = files.flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => !['kernel', 'plugins', 'adapters', 'ui'].includes(relative(root, resolve(root, dirname(file), spec)).split('/')[0] as string))
        .map((spec) => `${file} → ${spec}`),
    )
    expect(offences).toEqual([])
  })

  it('code that ships to browsers imports zod/mini, never classic zod', () => {
    const files = [...sourceFiles('kernel'), ...sourceFiles('plugins'), ...sourceFiles('adapters'), ...sourceFiles('ui')]
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
    expect(importCircles([...sourceFiles('bench'), ...sourceFiles('cli'), ...sourceFiles('scripts')].filter((file) => !file.startsWith('bench/peers/')))).toEqual([])
  })

  it.each(entries.map((entry) => [entry.subpath, entry] as const))(
    "%s: what its lazily loaded modules share with its first load, they share through one door (docs/chunks.md)",
    (_, entry) => {
      expect(chunkOffences(entry)).toEqual([])
    },
  )

  it("the eip155 and api plugins' entries reach none of their effects' code: it loads with import() as the instance starts (docs/behaviour.md, \"What loads when\")", () => {
    const files = new Set(['kernel', 'plugins', 'adapters', 'ui'].flatMap(sourceFiles))
    const { closure } = importGraph(files)
    const effectCode = ['plugins/eip155/effect.ts', 'plugins/eip155/reconnect.ts', 'plugins/eip155/provider-events.ts', 'plugins/api/effect.ts', 'plugins/api/effects.ts', 'plugins/api/balances.ts']
    for (const entry of ['plugins/eip155/index.ts', 'plugins/api/index.ts']) {
      expect([...closure(entry)].filter((file) => effectCode.includes(file))).toEqual([])
    }
  })

  it('reads imports the way the checks above assume', () => {
    expect(imports('kernel/index.ts')).toContain('./latch')
    expect(typeOnlyImports('kernel/actions/sign-message.ts')).toEqual(['viem', '../engine/kernel', '../types'])
    expect(layerOf(join(root, 'plugins/eip155/connect.ts'))).toBe('plugins/eip155')
  })
})
