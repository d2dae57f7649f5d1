import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { entries } from './entries'
const root = process.cwd()
function sourceFiles(folder: string): string[] {
  const dir = join(root, folder)
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === '__snapshots__' || name === 'node_modules' ? [] : sourceFiles(relative(root, path))
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [relative(root, path)] : []
  })
}
function valueImports(file: string) {
  const text = readFileSync(join(root, file), 'utf8')
  const statics = [...text.matchAll(/(?:^|\n)\s*(?:import|export)(\s+type\b)?[^'"]*?from\s+['"]([^'"]+)['"]/g)].filter((m) => !m[1]).map((m) => m[2] as string)
  const dynamic = [...text.matchAll(/(?<!\/\/.*|\* .*)import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string)
  return { static: statics, dynamic }
}
const files = new Set(['kernel', 'plugins', 'adapters', 'ui'].flatMap(sourceFiles))
const local = (file: string, spec: string) => { const t = relative(root, resolve(root, dirname(file), spec)); return [`${t}.ts`, `${t}.tsx`, `${t}/index.ts`].find((p) => files.has(p)) }
const closure = (start: string) => { const seen = new Set<string>(); const visit = (f: string) => { if (seen.has(f)) return; seen.add(f); for (const s of valueImports(f).static) { const n = local(f, s); if (n) visit(n) } }; visit(start); return seen }
const kernel = closure('kernel/index.ts')
for (const entry of entries) {
  const initial = closure(entry.source)
  const area = (f: string) => { const p = f.split('/'); return p[0] === 'plugins' || p[0] === 'adapters' ? p.slice(0, 2).join('/') : p[0] }
  const lazies = new Set<string>(); const queue = [...initial].filter((f) => area(f) === area(entry.source))
  while (queue.length) { const f = queue.pop()!; for (const s of valueImports(f).dynamic) { const n = local(f, s); if (n && area(n) === area(entry.source) && !lazies.has(n)) { lazies.add(n); for (const g of closure(n)) if (area(g) === area(entry.source)) queue.push(g) } } }
  if (!lazies.size) continue
  const doorFile = join(dirname(entry.source), 'shared.ts')
  const door = files.has(doorFile) ? doorFile : undefined
  const doorReach = door ? closure(door) : new Set<string>()
  const sharedMods = [...new Set([...lazies].flatMap((l) => [...closure(l)]))].filter((f) => initial.has(f) && !kernel.has(f))
  const groups = new Map<string, string[]>()
  for (const f of sharedMods) { const key = [...lazies].filter((l) => closure(l).has(f)).sort().join(' + '); groups.set(key, [...(groups.get(key) ?? []), f]) }
  console.log('  groups', groups.size, [...groups].map(([k, v]) => `${k} :: ${v.join(',')}`))
  const off = sharedMods.filter((f) => !doorReach.has(f))
  const lazyOff = [...lazies].filter((l) => { const c = closure(l); return sharedMods.some((f) => c.has(f)) && door && !c.has(door) })
  console.log(entry.subpath, 'door', door, 'lazies', lazies.size, 'shared', sharedMods.length, 'OFF', off, lazyOff)
}
