/**
 * Server-side rendering safety: imports every built entry in a fresh Node process in
 * which touching `window`, `document`, `localStorage` or `sessionStorage` throws. Run
 * after `npm run build`; exits 1 naming the entry that touched a browser global.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMain, runCli } from './cli'
import { entries as publicEntries, importPath, standaloneEntries } from './entries'

const entries = [...publicEntries, ...standaloneEntries]

const root = fileURLToPath(new URL('..', import.meta.url))

const trap = `
for (const name of ['window', 'document', 'localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { throw new Error('touched ' + name + ' at import') } })
}`

/** Imports one built file under the trap; the error text when it touched a browser global. */
export function importsSafely(file: string): { ok: boolean; error: string } {
  const script = `${trap}\nawait import(${JSON.stringify(pathToFileURL(file).href)})`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })
  const message = /Error: ([^\n]+)/.exec(result.stderr)?.[1] ?? result.stderr.trim()
  return { ok: result.status === 0, error: result.status === 0 ? '' : message }
}

async function main(): Promise<{ code: number; output: string }> {
  const lines = entries.map((entry) => {
    const { ok, error } = importsSafely(join(root, importPath(entry)))
    return ok ? `ssr ok      ${entry.subpath}` : `ssr FAILED  ${entry.subpath}: ${error}`
  })
  return { code: lines.some((l) => l.includes('FAILED')) ? 1 : 0, output: lines.join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
