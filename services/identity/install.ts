/**
 * The local identity providers' own dependencies (oidc-provider, jose) live in services/identity/package.json with
 * their own lockfile, so a dapp that installs Latch never downloads them. `npm test` and the providers' tests install
 * them here on first use, like services/wallet/install.ts. See docs/identity-providers.md.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMain } from '../../scripts/cli'
import { ensureInstalled } from '../../scripts/nested-install'

const serviceDir = dirname(fileURLToPath(import.meta.url))

/** Runs `npm ci --prefix services/identity` when its node_modules is missing or stale, saying so on stderr. */
export function ensureIdentityProviders(log?: (line: string) => void): void {
  ensureInstalled(serviceDir, 'local identity providers: their dependencies (oidc-provider, jose) are missing or stale', log)
}

/** Vitest global set-up: installs them once, before test files import them. */
export default function setup(): void {
  ensureIdentityProviders()
}

// `npx tsx services/identity/install.ts`: `npm test` runs it before the typecheck, since the providers' code is typechecked against these packages.
if (isMain(import.meta.url)) ensureIdentityProviders((line) => console.log(line))
