/**
 * The packed package, installed as a dapp installs it (vitest project `package`): `npm pack` of the built package into
 * a temporary folder, and a fresh app outside the repository with that tarball and the given dependencies. Needs
 * the npm registry (npm's cache keeps it quick: --prefer-offline).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const run = promisify(execFile)
export const root = fileURLToPath(new URL('../..', import.meta.url))
const big = { maxBuffer: 64 * 1024 * 1024 }

/** Packs the package (build it first: `buildPackage()`); the tarball's path, its files, and the folder it is in. */
export async function packLatch(): Promise<{ tarball: string; files: string[]; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'latch-pack-'))
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: root, ...big })
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[]
  if (!packed) throw new Error('npm pack reported nothing')
  return { tarball: join(folder, packed.filename), files: packed.files.map((file) => file.path), folder }
}

/** A fresh app in a temporary folder outside the repository: `latch` from `tarball`, and `dependencies`, installed. */
export async function installApp(name: string, tarball: string, dependencies: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  const manifest = { name, private: true, type: 'module', dependencies: { latch: `file:${tarball}`, ...dependencies } }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, ...big })
  return dir
}
