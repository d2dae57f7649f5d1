import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createLatch, definePlugin, defineEvent, routerPushed, routerWentBack } from '../kernel/index'
import { createTestPorts } from '../kernel/testing'
import { main, selects } from './replay'
import { makeSampleLog } from './sample-log'
import * as z from 'zod/mini'

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
    expect(output).toContain('#999')
    expect(output).toContain('(skipped: unknown event type "eip155/unknownThing")')
    expect(output).toMatch(/warnings \(3\):\n.*eip155\n  unknown event type "eip155\/unknownThing": 1 event, first #999; skipped\n  hint: pass --plugins/)
  })

  it('warns once per unknown event type, with its count, however many events it has', async () => {
    const events = Array.from({ length: 3_000 }, (_, i) => ({
      type: ['wallet/pinged', 'wallet/ponged', 'modal/opened'][i % 3] as string,
      payload: {},
      meta: { seq: i + 1, at: i },
    }))
    const path = write('unknown.json', JSON.stringify({ format: 'latch-log', version: 1, plugins: ['core', 'wallet'], events }))
    const { code, output } = await main([path])
    expect(code).toBe(0)
    const warnings = output.slice(output.indexOf('\nwarnings ('))
    expect(warnings.trim().split('\n')).toEqual([
      'warnings (4):',
      '  the log was recorded with plugins not given to replay: wallet',
      '  unknown event type "wallet/pinged": 1,000 events, first #1; skipped',
      '  unknown event type "wallet/ponged": 1,000 events, first #2; skipped',
      "  hint: pass --plugins <names> (the package's plugins: eip155, api, names, swap, onramp, solana, bip122, walletconnect, embedded, siwx; or all), or --plugins <module> (a .js or .mjs file whose default export is an array of your plugins) to replay events of the plugins that defined these types",
      '',
      'replayed 3,000 events, #1 to #3000',
    ])
    const summary = await main([path, '--summary'])
    expect(summary.output).toContain('1,000  wallet/pinged  (replay: unknown type, skipped, first #1)')
  })

  it('prints only the events the filters select, with the changes each made in the full replay', async () => {
    const path = write('filters.json', JSON.stringify(makeSampleLog()))
    const all = (await main([path])).output
    const blocks = (output: string) => output.split(/\n(?=#)/).filter((block) => block.startsWith('#')).map((block) => block.replace(/\n\n[\s\S]*$/, ''))
    const printed = async (...args: string[]) => {
      const { code, output } = await main([path, ...args])
      expect(code).toBe(0)
      const shown = blocks(output)
      // Every printed event shows exactly what the unfiltered timeline shows for it (modulo column widths).
      const squash = (text: string) => text.replace(/ +/g, ' ')
      for (const block of shown) expect(blocks(all).map(squash)).toContain(squash(block))
      return shown.map((block) => block.split(/\s+/)[2])
    }
    expect(await printed('--type', 'account/connected')).toEqual(['account/connected'])
    expect(await printed('--type', 'router/')).toEqual(['router/pushed', 'router/pushed', 'router/pushed', 'router/wentBack'])
    expect(await printed('--type', 'modal/opened,account/disconnected', '--type', 'network/switched')).toEqual(['modal/opened', 'modal/opened', 'network/switched', 'account/disconnected'])
    expect(new Set(await printed('--ns', 'eip155'))).toEqual(new Set(['account/connected', 'account/balanceLoading', 'account/balanceUpdated', 'network/switched', 'account/disconnected']))
    expect(await printed('--from', '3', '--to', '5')).toEqual(['modal/opened', 'router/pushed', 'router/pushed'])
    expect((await main([path, '--type', 'router/'])).output).toMatch(/replayed 30 events, #1 to #30; printed 4 \(--type router\/\)$/)
    expect(await printed('--type', 'nothing/here')).toEqual([])
    for (const bad of [['--from', 'x'], ['--to', '-1'], ['--from', '9', '--to', '2'], ['--ns', 'dogecoin'], ['--type', ',']]) {
      const { code, output } = await main([path, ...bad])
      expect(code).toBe(1)
      expect(output).toMatch(/^error: /)
    }
  })

  it('selects by exact type, by type prefix ending in "/", by namespace and by seq range', () => {
    const event = { type: 'wallet/connected', ns: 'eip155', payload: {}, meta: { seq: 7, at: 0 } } as never
    expect(selects({ types: [] }, event)).toBe(true)
    expect(selects({ types: ['wallet/'] }, event)).toBe(true)
    expect(selects({ types: ['wallet'] }, event)).toBe(false)
    expect(selects({ types: ['wallet/connect'] }, event)).toBe(false)
    expect(selects({ types: [], ns: 'solana' }, event)).toBe(false)
    expect(selects({ types: [], from: 7, to: 7 }, event)).toBe(true)
    expect(selects({ types: [], from: 8 }, event)).toBe(false)
  })

  it('--summary counts by type: failures (rejected and faulted events) and replay warnings first, then the rest by count', async () => {
    const boom = defineEvent('boom/requested', z.object({}))
    // A plugin whose reducer throws: the kernel logs kernel/faulted. (Untyped: its event is not in EventMap.)
    const boomPlugin = definePlugin({
      name: 'boom',
      events: [boom],
      update: {
        'boom/requested'() {
          throw new Error('boom')
        },
      } as never,
    })
    const latch = createLatch({ ports: createTestPorts().ports, plugins: [boomPlugin] })
    for (let i = 0; i < 5; i++) latch.dispatch(routerPushed({ view: { name: 'Networks' } }))
    latch.dispatch(routerWentBack({}))
    latch.dispatch({ type: 'no/suchEvent', payload: {} } as never)
    latch.dispatch({ type: 'no/suchEvent', payload: {} } as never)
    latch.dispatch(boom({}) as never)
    const path = write('summary.json', JSON.stringify(latch.exportLog()))
    const { code, output } = await main([path, '--summary'])
    expect(code).toBe(0)
    const rows = output.split('\n').filter((line) => /^\s+\d/.test(line)).map((line) => line.trim().replace(/\s+/g, ' '))
    expect(rows).toEqual([
      '2 kernel/eventRejected (failed)',
      '1 kernel/faulted (failed)',
      expect.stringMatching(/^1 boom\/requested \(replay: unknown type, skipped, first #\d+\)$/),
      '5 router/pushed',
      '1 latch/configured',
      '1 router/wentBack',
    ])
    expect(output).toMatch(/^11 events #1 to #11/)
    expect(output).toContain('the log was recorded with plugins not given to replay: boom')
    const json = JSON.parse((await main([path, '--summary', '--json', '--type', 'router/'])).output)
    expect(json).toMatchObject({ events: 11, first: 1, last: 11, selected: 6, counts: [{ count: 5, type: 'router/pushed' }, { count: 1, type: 'router/wentBack' }] })
  })

  it('refuses a log whose seq or time goes backwards, naming the first bad entry', async () => {
    const log = makeSampleLog()
    const swapped = [...log.events]
    ;[swapped[3], swapped[4]] = [swapped[4] as never, swapped[3] as never]
    const reordered = await main([write('reordered.json', JSON.stringify({ ...log, events: swapped }))])
    expect(reordered.code).toBe(1)
    expect(reordered.output).toContain('INVALID_LOG')
    expect(reordered.output).toMatch(/events\[4\] \(seq 4, at \d+\): meta\.seq goes backwards or repeats after events\[3\] \(seq 5, at \d+\)/)
    const late = log.events.map((event, i) => (i === 10 ? { ...event, meta: { ...event.meta, at: 0 } } : event))
    const backwards = await main([write('backwards.json', JSON.stringify({ ...log, events: late }))])
    expect(backwards.code).toBe(1)
    expect(backwards.output).toMatch(/events\[10\] \(seq 11, at 0\): meta\.at goes back in time after events\[9\]/)
  })

  it('replays with the plugins of --plugins', async () => {
    const module = write(
      'plugins.mjs',
      `export default [{ name: 'pushes', slices: { pushes: { count: 0 } }, update: { 'router/pushed'(state) { return { ...state, pushes: { count: state.pushes.count + 1 } } } } }]`,
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

  it('streams a 100,000-event log in a heap too small to hold its output (a child process with --max-old-space-size=96)', async () => {
    // The timeline of this log is 13.6 MB of text; the CLI before streaming held it whole (and every
    // intermediate state) and ran out of memory below a 192 MB heap. Streaming, it runs in 64 MB.
    const count = 100_000
    const views = ['Networks', 'AllWallets']
    const events = Array.from({ length: count }, (_, i) => {
      const kind = (i % 7) % 5
      const type = kind < 2 ? 'router/pushed' : (['modal/opened', 'router/wentBack', 'modal/closed'][kind - 2] as string)
      return { type, payload: kind < 2 ? { view: { name: views[kind] } } : {}, meta: { seq: i + 1, at: 1_000 + i * 10 } }
    })
    const path = write('huge.json', JSON.stringify({ format: 'latch-log', version: 1, plugins: ['core'], events }))
    const root = fileURLToPath(new URL('..', import.meta.url))
    const child = spawn(process.execPath, ['--max-old-space-size=96', '--import', 'tsx', 'cli/bin.ts', path], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let bytes = 0
    let lines = 0
    let tail = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      bytes += chunk.length
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines += 1
      tail = (tail + chunk).slice(-200)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(lines).toBeGreaterThan(2 * count)
    expect(bytes).toBeGreaterThan(10e6)
    expect(tail.trimEnd().split('\n').at(-1)).toBe(`replayed 100,000 events, #1 to #${count}`)
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
