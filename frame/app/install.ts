/**
 * The frame app's own dependencies (shamir-secret-sharing) live in frame/app/package.json with their own lockfile, so
 * a dapp that installs Latch never downloads them. Its tests and its build install them here on first use, like
 * services/wallet/install.ts.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMain } from '../../scripts/cli'
import { ensureInstalled } from '../../scripts/nested-install'

const appDir = dirname(fileURLToPath(import.meta.url))

/** Runs `npm ci --prefix frame/app` when its node_modules is missing or stale. */
export function ensureFrameApp(log?: (line: string) => void): void {
  ensureInstalled(appDir, 'frame app: its dependency (shamir-secret-sharing) is missing or stale', log)
}

/** Vitest global set-up: installs it once, before test files import it. */
export default function setup(): void {
  ensureFrameApp()
}

if (isMain(import.meta.url)) ensureFrameApp((line) => console.log(line))
