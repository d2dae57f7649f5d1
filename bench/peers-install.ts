/**
 * The peers Latch is compared with live in bench/peers, with their own package.json and lockfile,
 * so none of their dependencies touches Latch's. `npm run bench` installs them when they are missing.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { peersDir } from './app'

const root = fileURLToPath(new URL('..', import.meta.url))

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version?: string; dependencies?: Record<string, string> }

/** True when bench/peers/node_modules is missing or older than the lockfile (npm ci writes node_modules/.package-lock.json). */
export function peersNeedInstall(): boolean {
  const installed = join(peersDir, 'node_modules/.package-lock.json')
  if (!existsSync(installed)) return true
  return statSync(installed).mtimeMs < statSync(join(peersDir, 'package-lock.json')).mtimeMs
}

/** Runs `npm ci --prefix bench/peers` when the peers are missing or stale, saying so; npm's output goes to stderr. */
export function ensurePeers(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  if (!peersNeedInstall()) return
  log('peers: bench/peers/node_modules is missing or older than its lockfile: running `npm ci --prefix bench/peers` (about 2 minutes)…')
  // npm 11 skips the peers' install scripts (allowScripts): none is needed for a browser bundle (shared/INFRA.md).
  const result = spawnSync('npm', ['ci', '--prefix', peersDir, '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', 2, 2] })
  if (result.error) throw new Error(`npm ci --prefix bench/peers could not run: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`npm ci --prefix bench/peers failed with exit code ${result.status}`)
}

/** Installed version of every dependency bench/peers/package.json lists, read from bench/peers/node_modules/…/package.json. */
export function peerVersions(): Record<string, string> {
  const wanted = Object.keys(readJson(join(peersDir, 'package.json')).dependencies ?? {})
  return Object.fromEntries(wanted.map((name) => [name, readJson(join(peersDir, 'node_modules', name, 'package.json')).version ?? '?']))
}
