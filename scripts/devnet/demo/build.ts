import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { appBundle } from '../../esbuild-options'
import type { DemoConfig } from './config'

/** A file the static server serves: its body and content type. */
export type ServedFile = { body: string | Uint8Array; type: string }

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url))

/**
 * Bundles the demo dapp for the given local stack (code-split: the modal loads as its own chunk). `react: 'development'`
 * bundles React's development build, where the page's `<StrictMode>` mounts every component twice, as an app's dev server
 * does (docs/react.md, "StrictMode"); the production build, the default, ignores StrictMode.
 */
export async function buildDemo(config: DemoConfig, options: { react?: 'production' | 'development' } = {}): Promise<Record<string, ServedFile>> {
  const result = await build({
    entryPoints: { main: here('main.tsx') },
    ...appBundle,
    write: false,
    outdir: '/out',
    define: { ...appBundle.define, 'process.env.NODE_ENV': JSON.stringify(options.react ?? 'production'), __LATCH_DEMO_CONFIG__: JSON.stringify(config) },
  })
  const files: Record<string, ServedFile> = {
    '/': { body: readFileSync(here('index.html'), 'utf8'), type: 'text/html; charset=utf-8' },
    '/demo.css': { body: readFileSync(here('demo.css'), 'utf8'), type: 'text/css; charset=utf-8' },
    // Linked from index.html; served from the page's origin, which strictCsp's img-src 'self' allows.
    '/favicon.svg': { body: readFileSync(here('favicon.svg'), 'utf8'), type: 'image/svg+xml' },
  }
  for (const file of result.outputFiles) files[file.path.replace(/^\/out/, '')] = { body: file.contents, type: 'text/javascript; charset=utf-8' }
  return files
}
