import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { filter, map, Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch, definePlugin, walletSignMessageRequested, walletSignMessageSucceeded, type Effect, type Logged } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { externalPackages, staticClosure } from '../../scripts/build'
import { browserBundle } from '../../scripts/esbuild-options'
import { loadOnDemand } from '../../kernel/family/index'

const answerer: Effect = (events$) =>
  events$.pipe(
    filter(walletSignMessageRequested.match),
    map((e) => walletSignMessageSucceeded({ signature: `signed:${e.payload.message}` }, { ns: e.ns, requestId: e.requestId })),
  )

function withLoader(load: () => Promise<Effect>) {
  let loads = 0
  const plugin = definePlugin({
    name: 'lazy',
    namespaces: ['solana'],
    effects: [
      (events$, ctx) =>
        loadOnDemand(events$, ctx, {
          name: 'lazy',
          wanted: (event) => event.type === 'wallet/signMessageRequested',
          now: () => false,
          load: () => {
            loads += 1
            return load()
          },
        }),
    ],
  })
  const latch = createLatch({ networks: [], plugins: [plugin], ports: createTestPorts().ports })
  return { latch, loads: () => loads }
}

describe('loadOnDemand', () => {
  it('loads nothing until wanted; intents dispatched while loading are answered once loaded, in order', async () => {
    let release!: (effect: Effect) => void
    const { latch, loads } = withLoader(() => new Promise((resolve) => (release = resolve)))
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(loads()).toBe(0)
    const first = latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'a' } })
    const second = latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'b' } })
    expect(loads()).toBe(1)
    release(answerer)
    await expect(Promise.all([first, second])).resolves.toEqual([{ signature: 'signed:a' }, { signature: 'signed:b' }])
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'c' } })).resolves.toEqual({ signature: 'signed:c' })
    expect(loads()).toBe(1)
  })

  it('a failed load fails the waiting intents with NETWORK_ERROR at once, and the next intent tries again', async () => {
    let attempt = 0
    const { latch, loads } = withLoader(() => (++attempt === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve(answerer)))
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'a' } })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(latch.exportLog().events.map((e) => e.type)).toContain('kernel/faulted')
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'b' } })).resolves.toEqual({ signature: 'signed:b' })
    expect(loads()).toBe(2)
  })

  it('feeds the loaded effect every later event, and stops with the kernel', async () => {
    const seen: string[] = []
    const spy: Effect = (events$) => {
      const out = new Subject<never>()
      events$.subscribe((event: Logged) => seen.push(event.type))
      return out
    }
    const { latch } = withLoader(() => Promise.resolve(spy))
    latch.dispatch({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'a' } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(seen).toEqual(['wallet/signMessageRequested', 'modal/opened'])
    latch.destroy()
  })
})

describe('what a dapp downloads (docs/solana.md, "What loads when")', () => {
  it("the entry's static imports hold no discovery, wallet session, RPC or transaction code; the lazy chunks do", async () => {
    const root = join(import.meta.dirname, '../..')
    const outdir = mkdtempSync(join(tmpdir(), 'latch-solana-'))
    try {
      const { metafile } = await build({ absWorkingDir: root, entryPoints: { solana: 'plugins/solana/index.ts' }, outdir, ...browserBundle, metafile: true, external: externalPackages(root), logLevel: 'silent' })
      const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === 'plugins/solana/index.ts') as string
      const initial = new Set(staticClosure(metafile, entry).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {})))
      for (const lazy of ['effect.ts', 'discover.ts', 'registry.ts', 'session.ts', 'accounts.ts', 'connect.ts', 'sign.ts', 'wire.ts', 'balance.ts', 'rpc.ts', 'requests.ts']) expect(initial).not.toContain(`plugins/solana/${lazy}`)
      for (const eager of ['plugin.ts', 'events.ts', 'verbs.ts']) expect(initial).toContain(`plugins/solana/${eager}`)
      // Discovery loads with the effect, as the instance starts.
      const effect = Object.values(metafile.outputs).filter((output) => Object.keys(output.inputs).includes('plugins/solana/effect.ts'))
      expect(effect).toHaveLength(1)
      expect(Object.keys(effect[0]?.inputs ?? {})).not.toContain('plugins/solana/session.ts')
      const chunks = Object.values(metafile.outputs).filter((output) => Object.keys(output.inputs).includes('plugins/solana/session.ts'))
      expect(chunks).toHaveLength(1)
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  })
})
