import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLatch, routerPushed, routerWentBack } from '../kernel/index'
import { createTestPorts } from '../kernel/testing'
import { main } from './replay'
import { makeSampleLog } from './sample-log'

const dir = mkdtempSync(join(tmpdir(), 'latch-replay-'))

function write(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('replay CLI', () => {
  it('prints the timeline of the sample log: events with their state changes', async () => {
    const { code, output } = await main(['--sample'])
    expect(code).toBe(0)
    for (const type of ['latch/configured', 'account/connected', 'network/switched', 'toast/shown', 'account/disconnected']) {
      expect(output).toContain(type)
    }
    expect(output).toMatch(/#\d+\s+\+\d+ms\s+account\/connected\s+\[eip155\]/)
    expect(output).toContain('router.open: false → true')
    expect(output).toContain('chains.eip155.account.status: "disconnected" → "connected"')
    expect(output).toContain('chains.eip155.network.caipNetwork.caipNetworkId: "eip155:1" → "eip155:8453"')
    expect(output).toContain('router.history[1]: + {"name":"AllWallets"}')
    expect(output).not.toContain('warnings')
  })

  it('reads a log file, as exported and saved as JSON', async () => {
    const path = write('sample.json', JSON.stringify(makeSampleLog()))
    const fromFile = await main([path])
    expect(fromFile.code).toBe(0)
    expect(fromFile.output).toBe((await main(['--sample'])).output)
  })

  it('prints steps as JSON with --json', async () => {
    const { code, output } = await main(['--sample', '--json'])
    expect(code).toBe(0)
    const parsed = JSON.parse(output) as { steps: { event: { type: string }; changes: { path: string }[] }[]; warnings: string[] }
    const connected = parsed.steps.find((step) => step.event.type === 'account/connected')
    expect(connected?.changes.map((c) => c.path)).toContain('chains.eip155.connectorId')
    expect(parsed.warnings).toEqual([])
  })

  it('rejects junk with exit code 1 and the reason', async () => {
    const junk = await main([write('junk.json', '{"hello":"world"}')])
    expect(junk.code).toBe(1)
    expect(junk.output).toContain('not a Latch log')
    expect(junk.output).toContain('INVALID_LOG')
    const notJson = await main([write('text.json', 'not json at all')])
    expect(notJson.code).toBe(1)
    expect(notJson.output).toContain('not a Latch log')
  })

  it('fails on a missing file and on bad arguments', async () => {
    expect((await main([join(dir, 'missing.json')])).code).toBe(1)
    expect((await main([])).output).toContain('usage')
    expect((await main(['--nope'])).code).toBe(1)
  })

  it('warns at the end about plugins and events it cannot replay', async () => {
    const log = makeSampleLog()
    const tampered = {
      ...log,
      plugins: [...log.plugins, 'eip155'],
      events: [...log.events, { type: 'eip155/unknownThing', payload: {}, meta: { seq: 999, at: 99_000 } }],
    }
    const { code, output } = await main([write('tampered.json', JSON.stringify(tampered))])
    expect(code).toBe(0)
    expect(output).toMatch(/warnings \(2\):\n.*eip155\n.*#999: unknown event type "eip155\/unknownThing"/)
  })

  it('replays with the plugins of --plugins', async () => {
    const module = write(
      'plugins.mjs',
      `export default [{ name: 'pushes', slices: { pushes: { count: 0 } }, reduce: { 'router/pushed'(draft) { draft.pushes.count += 1 } } }]`,
    )
    const { code, output } = await main([write('sample2.json', JSON.stringify(makeSampleLog())), '--plugins', module])
    expect(code).toBe(0)
    expect(output).toContain('pushes.count: 0 → 1')
    expect(output).toContain('pushes.count: 2 → 3')
    const bad = await main(['--sample', '--plugins', write('bad.mjs', 'export default 42')])
    expect(bad.code).toBe(1)
    expect(bad.output).toContain('array of plugins')
  })

  it('refuses a log nested deeper than Latch writes with INVALID_LOG, instead of overflowing the stack', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const inPayload = `{"format":"latch-log","version":1,"plugins":["core"],"events":[{"type":"modal/opened","payload":${deep},"meta":{"seq":1,"at":0}}]}`
    const inSnapshot = `{"format":"latch-log","version":1,"plugins":["core"],"snapshot":{"x":${deep}},"events":[]}`
    for (const [name, text] of [['deep-payload.json', inPayload], ['deep-snapshot.json', inSnapshot]] as const) {
      for (const args of [[], ['--json']]) {
        const { code, output } = await main([write(name, text), ...args])
        expect(code).toBe(1)
        expect(output).toContain('INVALID_LOG')
        expect(output).toMatch(/nested deeper than \d+ levels/)
      }
    }
  })

  it('replays a long log of router pushes to the end and prints a summary', async () => {
    const count = 20_000
    const events = Array.from({ length: count }, (_, i) => ({
      type: 'router/pushed',
      payload: { view: { name: i % 2 ? 'Networks' : 'AllWallets', payload: { i } } },
      meta: { seq: i + 1, at: i * 10 },
    }))
    const path = write('pushes.json', JSON.stringify({ format: 'latch-log', version: 1, plugins: ['core'], events }))
    const { code, output } = await main([path])
    expect(code).toBe(0)
    expect(output).toContain(`#${count} `)
    expect(output.trimEnd().split('\n').at(-1)).toBe(`replayed ${count} events, #1 to #${count}`)
  }, 120_000)

  it('says so when the log starts from a snapshot because older events were dropped', async () => {
    const latch = createLatch({ ports: createTestPorts().ports, logBytes: 3_000 })
    for (let i = 0; i < 200; i++) latch.dispatch(i % 2 ? routerWentBack({}) : routerPushed({ view: { name: 'Networks' } }))
    const { code, output } = await main([write('bounded.json', JSON.stringify(latch.exportLog()))])
    expect(code).toBe(0)
    expect(output).toMatch(/^\(the log starts at #\d+: older events were dropped/)
    expect(output).toContain('router/wentBack')
  })
})
