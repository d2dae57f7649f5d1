/**
 * The local stack's own dependencies (anvil) live in scripts/devnet/package.json with their own
 * lockfile, so a dapp that installs Latch never downloads them. `npm start`, `npm test`, the bench
 * and every test that starts anvil install them here on first use, like bench/peers.
 */
import { existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMain } from '../cli'
import { ensureInstalled } from '../nested-install'

// From the module's path, not `new URL('.', …)`: under vitest's jsdom environment the global URL is jsdom's (examples/wagmi).
const devnetDir = dirname(fileURLToPath(import.meta.url))

/** Where npm puts anvil on linux x64 (@foundry-rs/anvil-linux-amd64, an optional dependency of scripts/devnet). */
export const npmAnvil = join(devnetDir, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')

/** Runs `npm ci --prefix scripts/devnet` when its node_modules is missing or stale, saying so on stderr. */
export function ensureDevnet(log?: (line: string) => void): void {
  ensureInstalled(devnetDir, 'devnet: the local stack’s dependencies (anvil) are missing or stale', log)
}

/** The bundler's own package (alto: scripts/devnet/bundler, docs/wallet-service.md, "Bundler and paymaster"). */
export const bundlerDir = join(devnetDir, 'bundler')

/** Runs `npm ci --prefix scripts/devnet/bundler` when its node_modules is missing or stale. */
export function ensureBundler(log?: (line: string) => void): void {
  ensureInstalled(bundlerDir, 'devnet: the local bundler (alto) is missing or stale', log)
}

/**
 * The anvil binary: npm's on linux x64, else the first `anvil` on PATH (install Foundry,
 * https://getfoundry.sh, on other platforms). Throws saying how to get one.
 */
export function anvilBinary(): string {
  ensureDevnet()
  if (existsSync(npmAnvil)) return npmAnvil
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, process.platform === 'win32' ? 'anvil.exe' : 'anvil')
    if (dir && existsSync(candidate)) return candidate
  }
  throw new Error(
    `anvil not found. On linux x64 it installs from npm into scripts/devnet (@foundry-rs/anvil-linux-amd64: run \`npm ci --prefix scripts/devnet\`); on ${process.platform} ${process.arch} install Foundry (https://getfoundry.sh) and put anvil on PATH.`,
  )
}

/** Vitest global set-up: installs the devnet (and its bundler) once, before test workers start anvil in parallel. */
export default function setup(): void {
  ensureDevnet()
  ensureBundler()
}

// `npx tsx scripts/devnet/install.ts`: `npm test` runs it first, since the devnet's code is typechecked against these packages.
if (isMain(import.meta.url)) {
  ensureDevnet((line) => console.log(line))
  ensureBundler((line) => console.log(line))
}
