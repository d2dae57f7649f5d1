import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { latch: fileURLToPath(new URL('./kernel/index.ts', import.meta.url)) }
const nodeModules = '**/node_modules/**'
// Installs scripts/devnet's own dependencies (anvil) once, before workers start anvil in parallel.
const devnet = 'scripts/devnet/install.ts'

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['kernel/**/*.test.ts', 'plugins/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.e2e.test.ts', nodeModules],
          environment: 'node',
          globalSetup: [devnet],
        },
      },
      {
        resolve: { alias },
        test: { name: 'properties', include: ['property-tests/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
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
          globalSetup: [devnet],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
