import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { externalPackages, staticClosure } from '../../scripts/build'
import { browserBundle } from '../../scripts/esbuild-options'

// docs/bitcoin.md, "What it costs": discovery as the instance starts, the wallet session on first use, sats-connect later still.
describe('what the Bitcoin plugin loads when', () => {
  it("the entry's static imports hold no discovery; discovery, the wallet session and sats-connect are lazy chunks of their own", async () => {
    const root = join(import.meta.dirname, '../..')
    const outdir = mkdtempSync(join(tmpdir(), 'latch-bip122-'))
    try {
      const { metafile } = await build({ absWorkingDir: root, entryPoints: { bip122: 'plugins/bip122/index.ts' }, outdir, ...browserBundle, metafile: true, external: externalPackages(root), logLevel: 'silent' })
      const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === 'plugins/bip122/index.ts') as string
      const initial = new Set(staticClosure(metafile, entry).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {})))
      for (const lazy of ['wallet-session.ts', 'connect.ts', 'reconnect.ts', 'balance.ts', 'wallet-rpc.ts', 'watch.ts', 'requests.ts', 'switch-network.ts', 'wallet.ts']) {
        expect(initial).not.toContain(`plugins/bip122/${lazy}`)
      }
      for (const lazy of ['effect.ts', 'discover.ts', 'registry.ts']) expect(initial).not.toContain(`plugins/bip122/${lazy}`)
      for (const eager of ['plugin.ts', 'events.ts', 'sats-wallets.ts']) expect(initial).toContain(`plugins/bip122/${eager}`)
      const effect = Object.values(metafile.outputs).filter((output) => Object.keys(output.inputs).includes('plugins/bip122/effect.ts'))
      expect(effect).toHaveLength(1)
      expect(Object.keys(effect[0]?.inputs ?? {})).not.toContain('plugins/bip122/wallet-session.ts')
      const session = Object.values(metafile.outputs).filter((output) => Object.keys(output.inputs).includes('plugins/bip122/wallet-session.ts'))
      expect(session).toHaveLength(1)
      expect(Object.keys(session[0]?.inputs ?? {})).not.toContain('plugins/bip122/wallet.ts')
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  })

})
