import type { BuildOptions } from 'esbuild'

/**
 * What every Latch bundle shares: ESM for browsers, minified, code-split (so the modal and its views
 * stay their own chunks), chunks under `chunks/`. The package build (scripts/build.ts) uses it as is.
 */
export const browserBundle = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  minify: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
} as const satisfies BuildOptions

/** A page's bundle (the demo, the preview, the bench dapps): React's automatic JSX and its production build. */
export const appBundle = {
  ...browserBundle,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
} as const satisfies BuildOptions
