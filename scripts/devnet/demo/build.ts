import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { DemoConfig } from './config'

/** A file the static server serves: its body and content type. */
export type ServedFile = { body: string | Uint8Array; type: string }

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url))

/** Bundles the demo dapp for the given local stack (code-split: the modal loads as its own chunk). */
export async function buildDemo(config: DemoConfig): Promise<Record<string, ServedFile>> {
  const result = await build({
    entryPoints: { main: here('main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: '/out',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    define: { __LATCH_DEMO_CONFIG__: JSON.stringify(config), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  const files: Record<string, ServedFile> = {
    '/': { body: readFileSync(here('index.html'), 'utf8'), type: 'text/html; charset=utf-8' },
    '/demo.css': { body: readFileSync(here('demo.css'), 'utf8'), type: 'text/css; charset=utf-8' },
  }
  for (const file of result.outputFiles) files[file.path.replace(/^\/out/, '')] = { body: file.contents, type: 'text/javascript; charset=utf-8' }
  return files
}
