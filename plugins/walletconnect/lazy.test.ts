import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { externalPackages, staticClosure } from '../../scripts/build'
import { browserBundle } from '../../scripts/esbuild-options'

// docs/walletconnect.md, "What loads when": the connector up front; the sign-client and the session code on first use.
describe('what the WalletConnect plugin loads when', () => {
  it("the entry's static imports hold neither the sign-client nor the session code", async () => {
    const root = join(import.meta.dirname, '../..')
    const outdir = mkdtempSync(join(tmpdir(), 'latch-wc-'))
    try {
      const { metafile } = await build({ absWorkingDir: root, entryPoints: { wc: 'plugins/walletconnect/index.ts' }, outdir, ...browserBundle, metafile: true, external: externalPackages(root), logLevel: 'silent' })
      const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === 'plugins/walletconnect/index.ts') as string
      const closure = staticClosure(metafile, entry)
      const initial = new Set(closure.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {})))
      for (const lazy of ['session.ts', 'client.ts', 'connect.ts', 'holder.ts', 'lifecycle.ts', 'requests.ts']) expect(initial).not.toContain(`plugins/walletconnect/${lazy}`)
      for (const eager of ['plugin.ts', 'served.ts', 'pairing.ts', 'events.ts', 'store.ts']) expect(initial).toContain(`plugins/walletconnect/${eager}`)
      const imported = closure.flatMap((file) => (metafile.outputs[file]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path))
      expect(imported.filter((path) => path.startsWith('@walletconnect/'))).toEqual([])
      // The sign-client is imported dynamically (beside the session code), so a missing one is PEER_MISSING (docs/errors.md).
      const signClient = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.path === '@walletconnect/sign-client'))
      expect(signClient.length).toBeGreaterThan(0)
      expect(signClient.every((i) => i.kind === 'dynamic-import')).toBe(true)
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  })
})
