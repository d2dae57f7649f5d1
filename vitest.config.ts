import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { latch: fileURLToPath(new URL('./kernel/index.ts', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['kernel/**/*.test.ts', 'plugins/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: { name: 'properties', include: ['property-tests/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
    ],
  },
})
