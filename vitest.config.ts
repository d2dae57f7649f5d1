import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Every public entry by its package name ('latch', 'latch/wagmi' …), as examples/ import them: tsconfig.json's
// "paths", which scripts/build.test.ts checks against scripts/entries.ts.
const paths = (JSON.parse(readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths
const alias = Object.entries(paths).map(([specifier, [target = '']]) => ({
  find: new RegExp(`^${specifier.replace(/[./]/g, '\\$&').replace('*', '(.+)')}$`),
  replacement: fileURLToPath(new URL(target.replace('*', '$1'), import.meta.url)),
}))
// React 18.3 for the unit-react18 project: scripts/react18 (a linked dev dependency) holds react and
// react-dom 18 side by side, so react-dom resolves its own react there, never the root's React 19.
const react18 = fileURLToPath(new URL('./scripts/react18/node_modules/', import.meta.url))
const react18Alias = [
  ...alias,
  { find: /^react-dom(\/.*)?$/, replacement: `${react18}react-dom$1` },
  { find: /^react(\/.*)?$/, replacement: `${react18}react$1` },
]
const nodeModules = '**/node_modules/**'
// Installs scripts/devnet's own dependencies (anvil) once, before workers start anvil in parallel.
const devnet = 'scripts/devnet/install.ts'
// Installs the wallet service's own dependencies (ioredis, nodemailer, smtp-server, mailparser, @farcaster/auth-client, viem, jose) before its tests import them.
const walletService = 'services/wallet/install.ts'
// Installs the local identity providers' own dependencies (oidc-provider, jose) before their tests import them.
const identityProviders = 'services/identity/install.ts'
// Installs the frame app's own dependency (shamir-secret-sharing) before its tests import it.
const frameApp = 'frame/app/install.ts'
// The plugins' effects loaded on start, loaded before each test file (scripts/testing/preload-code.ts).
const preload = 'scripts/testing/preload-code.ts'

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['kernel/**/*.test.ts', 'plugins/**/*.test.ts', 'frame/**/*.test.ts', 'adapters/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'devtools/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'cli/**/*.test.ts', 'bench/**/*.test.ts', 'services/**/*.test.ts'],
          exclude: ['**/*.e2e.test.ts', 'scripts/package/**', nodeModules],
          environment: 'node',
          globalSetup: [devnet, walletService, identityProviders, frameApp],
          setupFiles: [preload],
        },
      },
      {
        // The UI tests again, on React 18.3 (the lowest React the peer range allows).
        resolve: { alias: react18Alias },
        test: { name: 'unit-react18', include: ['ui/**/*.test.{ts,tsx}'], exclude: ['**/*.e2e.test.ts', nodeModules], environment: 'node', setupFiles: [preload] },
      },
      {
        // npm pack, installed into fresh apps outside the repository: needs the npm registry.
        // The package is built and packed once for all its files (scripts/package/pack-once.ts).
        test: { name: 'package', include: ['scripts/package/*.test.ts'], environment: 'node', fileParallelism: false, testTimeout: 60_000, globalSetup: ['scripts/package/pack-once.ts'] },
      },
      {
        resolve: { alias },
        test: { name: 'properties', include: ['property-tests/**/*.test.ts'], environment: 'node', testTimeout: 120_000, setupFiles: [preload] },
      },
      {
        resolve: { alias },
        // Real chromium and real anvil: one file at a time on a 2-core machine.
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: [nodeModules],
          environment: 'node',
          fileParallelism: false,
          globalSetup: [devnet, walletService],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
