/**
 * The peers Latch is compared with live in bench/peers, with their own package.json and lockfile,
 * so none of their dependencies touches Latch's. `npm run bench` installs them when they are missing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInstalled, needsInstall } from '../scripts/nested-install'
import { peersDir } from './app'


const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version?: string; dependencies?: Record<string, string> }

/** True when bench/peers/node_modules is missing or older than its lockfile. */
export function peersNeedInstall(): boolean {
  return needsInstall(peersDir)
}

/** Runs `npm ci --prefix bench/peers` (about 2 minutes) when the peers are missing or stale, saying so on stderr. */
export function ensurePeers(log?: (line: string) => void): void {
  ensureInstalled(peersDir, 'peers: bench/peers/node_modules is missing or older than its lockfile (about 2 minutes)', log)
}

/** Installed version of every dependency bench/peers/package.json lists, read from bench/peers/node_modules/…/package.json. */
export function peerVersions(): Record<string, string> {
  const wanted = Object.keys(readJson(join(peersDir, 'package.json')).dependencies ?? {})
  return Object.fromEntries(wanted.map((name) => [name, readJson(join(peersDir, 'node_modules', name, 'package.json')).version ?? '?']))
}
