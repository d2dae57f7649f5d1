/** Bundles a dev wallet's browser script (an entry file) with its configuration baked in under `name`. */
import { build } from 'esbuild'

/** One classic-script JS text (an IIFE, no imports, no eval): `entry` with `name` defined as `config`. */
export async function buildDevScript(entry: string, name: string, config: unknown, options: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    ...(options.minify ? { minify: true } : {}),
    define: { [name]: JSON.stringify(config) },
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}
