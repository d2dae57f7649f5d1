/**
 * The wallet service's own dependencies (ioredis, nodemailer, smtp-server, mailparser, @farcaster/auth-client, viem, jose) live in
 * services/wallet/package.json with their own lockfile, so a dapp that installs Latch never downloads them. `npm test`,
 * the stack and the service's tests install them here on first use, like scripts/devnet/install.ts.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMain } from '../../scripts/cli'
import { ensureInstalled } from '../../scripts/nested-install'

const serviceDir = dirname(fileURLToPath(import.meta.url))

/** Runs `npm ci --prefix services/wallet` when its node_modules is missing or stale, saying so on stderr. */
export function ensureWalletService(log?: (line: string) => void): void {
  ensureInstalled(serviceDir, 'wallet service: its dependencies (ioredis, nodemailer, smtp-server, mailparser, @farcaster/auth-client, viem, jose) are missing or stale', log)
}

/** Vitest global set-up: installs them once, before test files import them. */
export default function setup(): void {
  ensureWalletService()
}

// `npx tsx services/wallet/install.ts`: `npm test` runs it before the typecheck, since the service's code is typechecked against these packages.
if (isMain(import.meta.url)) ensureWalletService((line) => console.log(line))
