import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

// `from '…'`, `import('…')`, `import '…'` and `declare module '…'` with a relative specifier.
const relativeSpecifier = /(\bfrom\s*|\bdeclare\s+module\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g

/**
 * Gives every relative specifier of a declaration file its `.js` extension (`./latch`
 * → `./latch.js`, `./rules` → `./rules/index.js`), as node16/nodenext consumers need.
 * `exists` says whether a path exists; specifiers it cannot resolve stay as they are.
 */
export function withExtensions(text: string, fileDir: string, exists: (path: string) => boolean = existsSync): string {
  return text.replace(relativeSpecifier, (match, lead: string, quote: string, specifier: string) => {
    if (/\.[cm]?js$/.test(specifier)) return match
    const base = resolve(fileDir, specifier)
    if (exists(`${base}.d.ts`)) return `${lead}${quote}${specifier}.js${quote}`
    if (exists(join(base, 'index.d.ts'))) return `${lead}${quote}${specifier.replace(/\/$/, '')}/index.js${quote}`
    return match
  })
}

/** Rewrites the `.d.ts` files under `dir` in place with `withExtensions` (the kernel's sources import without extensions). */
export function addDeclarationExtensions(dir: string): void {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue
    const path = join(dir, file)
    const text = readFileSync(path, 'utf8')
    const fixed = withExtensions(text, dirname(path))
    if (fixed !== text) writeFileSync(path, fixed)
  }
}
