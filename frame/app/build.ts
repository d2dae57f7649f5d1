/**
 * Builds the frame app into static files the wallet service serves (WALLET_FRAME_DIR; docs/embedded-frame.md):
 * index.html, style.css and app.js (one ESM bundle: no inline script, no eval, so the service's CSP holds) with its
 * config baked in (the dapp origins, the default network, the RPC nodes of EVM chains and Solana networks, the smart accounts' bundlers and paymasters). `npx tsx frame/app/build.ts <outdir>`.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { isMain } from '../../scripts/cli'
import { ensureFrameApp } from './install'

const here = fileURLToPath(new URL('.', import.meta.url))

export type FrameAppConfig = {
  version?: string
  parentOrigins?: readonly string[]
  defaultChainId?: string
  /** JSON-RPC nodes: by EVM chain id (`'31337'`) and by Solana network (`'solana:localnet'`). */
  rpc?: Record<string, string>
  /** Smart accounts by EVM chain id (`'31337'`): its ERC-4337 bundler and ERC-7677 paymaster (docs/embedded-frame.md, "Smart accounts"). */
  smartAccounts?: Record<string, { bundlerUrl: string; paymasterUrl?: string }>
}

export async function buildFrameApp(outdir: string, config: FrameAppConfig = {}): Promise<string> {
  ensureFrameApp()
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  const full = {
    version: config.version ?? '0.1.0',
    parentOrigins: config.parentOrigins ?? ['http://127.0.0.1:*', 'http://localhost:*'],
    defaultChainId: config.defaultChainId ?? 'eip155:31337',
    rpc: config.rpc ?? {},
    smartAccounts: config.smartAccounts ?? {},
  }
  await build({
    define: { __LATCH_FRAME_CONFIG__: JSON.stringify(full) },
    entryPoints: [join(here, 'main.ts')],
    outfile: join(outdir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  })
  copyFileSync(join(here, 'index.html'), join(outdir, 'index.html'))
  copyFileSync(join(here, 'style.css'), join(outdir, 'style.css'))
  return outdir
}

if (isMain(import.meta.url)) void buildFrameApp(process.argv[2] ?? 'dist/frame').then((dir) => console.log(`frame app built into ${dir}`))
