/**
 * Folders with a package.json and lockfile of their own (scripts/devnet for anvil, bench/peers for
 * the peers), so none of their dependencies reaches what a dapp installs with Latch. Installed with
 * `npm ci --prefix <folder>` on first use.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** True when `<dir>/node_modules` is missing or older than the lockfile (npm ci writes node_modules/.package-lock.json). */
export function needsInstall(dir: string): boolean {
  const installed = join(dir, 'node_modules/.package-lock.json')
  if (!existsSync(installed)) return true
  return statSync(installed).mtimeMs < statSync(join(dir, 'package-lock.json')).mtimeMs
}

/** Runs `npm ci --prefix <dir>` when its node_modules is missing or stale, saying `why` first; npm's output goes to stderr. */
export function ensureInstalled(dir: string, why: string, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  if (!needsInstall(dir)) return
  const name = relative(process.cwd(), dir) || dir
  log(`${why}: running \`npm ci --prefix ${name}\`…`)
  // npm 11 skips install scripts unless allowed; none of these folders needs one.
  const result = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: ['ignore', 2, 2] })
  if (result.error) throw new Error(`npm ci --prefix ${name} could not run: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`npm ci --prefix ${name} failed with exit code ${result.status}`)
}
