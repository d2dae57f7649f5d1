import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'

// The command-line entries (`npm start`, `npm run bench`, `npm run screenshots`, `npx tsx bench/….ts`) must start on a
// fresh clone, where scripts/devnet/node_modules does not exist yet: everything they import before their first statement
// runs has to resolve from the root's node_modules. The local stack's own packages (scripts/devnet/package.json) are
// reached only through `import()` after `ensureDevnet()` (scripts/devnet/install.ts, `importWithDevnet`).
const root = fileURLToPath(new URL('..', import.meta.url))
const devnetModules = join(root, 'scripts/devnet/node_modules') + sep

function files(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || name === 'peers' ? [] : files(path)
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [path] : []
  })
}

/** The package.json scripts' `tsx <file>` targets, and every file of scripts/ and bench/ that runs as a command (`isMain`). */
function entries(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  const fromScripts = Object.values(scripts).flatMap((line) => [...line.matchAll(/\btsx\s+(\S+\.tsx?)/g)].map((m) => m[1] as string))
  const commands = [...files('scripts'), ...files('bench')].filter((file) => readFileSync(join(root, file), 'utf8').includes('isMain(import.meta.url)'))
  return [...new Set([...fromScripts, ...commands])].sort()
}

/**
 * Where each bare import in `entry`'s static import graph resolves, as Node would (esbuild's resolver, node platform):
 * `import()` is left alone (it runs later), packages are resolved but not followed.
 */
async function staticPackages(entry: string): Promise<{ importer: string; spec: string; resolved: string }[]> {
  const found: { importer: string; spec: string; resolved: string }[] = []
  const record: Plugin = {
    name: 'record-packages',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'dynamic-import') return { path: args.path, external: true }
        if (args.pluginData === 'inner' || args.path.startsWith('.') || args.path.startsWith('/') || args.path.startsWith('node:')) return undefined
        const result = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' })
        found.push({ importer: relative(root, args.importer), spec: args.path, resolved: result.errors.length ? '(not found)' : result.path })
        return { path: args.path, external: true }
      })
    },
  }
  await build({ entryPoints: [join(root, entry)], bundle: true, write: false, platform: 'node', format: 'esm', logLevel: 'silent', plugins: [record] })
  return found
}

describe('command-line entries on a fresh clone', () => {
  const list = entries()

  it('finds npm start, the bench and the screenshots among the entries', () => {
    expect(list).toEqual(expect.arrayContaining(['scripts/start.ts', 'bench/run.ts', 'scripts/screenshots.ts', 'bench/balance-requests.ts']))
  })

  it.each(list)('%s imports nothing from scripts/devnet/node_modules before it has installed them', async (entry) => {
    const offences = (await staticPackages(entry))
      .filter(({ resolved }) => resolved === '(not found)' || resolved.startsWith(devnetModules))
      .map(({ importer, spec }) => `${importer} → ${spec}`)
    expect(offences).toEqual([])
  }, 60_000)
})
