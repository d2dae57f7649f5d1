/**
 * The replay CLI for an integrator debugging a log (docs/debugging.md, "The replay CLI"): the package's plugins by
 * name, failures flagged in --summary, errors printed whole in the timeline. Logs are recorded by a real kernel with
 * the real plugins, on test ports.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { FrameRequestError, serveFrameChannel, type FrameHandlers } from '../frame/channel'
import { createLatch, disconnect, modalOpened, routerPushed, walletConnectFailed, walletConnectRequested, type ExportedLog } from '../kernel/index'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { bip122, bip122BalanceFailed } from '../plugins/bip122/index'
import { eip155, eip155CapabilitiesFailed } from '../plugins/eip155/index'
import { frameReadyDelay } from '../plugins/embedded/channel'
import { embeddedEmailLogin, embeddedOtp, embeddedWallet, startFarcasterLogin, startSocialLogin, type EmbeddedState } from '../plugins/embedded/index'
import { createFrameWorld, type FrameWorld } from '../scripts/testing/frame-world'
import { errorLines, failureOf } from './failures'
import { packagePlugins, pluginNames } from './plugins'
import { main } from './replay'

const dir = mkdtempSync(join(tmpdir(), 'latch-replay-debug-'))
function write(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

// Longer than any cut of the timeline (payloads 100 characters, values 60), with a line break.
const details = `eth_requestAccounts: the wallet answered {"code":4001,"message":"User rejected the request."} after ${'x'.repeat(300)} END\nsecond line of the details`
const btcAddress = 'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

/** A session with eip155 and bip122: a connect that fails with long details, a plugin's …Failed, a rejected event. */
function recordLog(): ExportedLog {
  const test = createTestPorts({ start: 1_000 })
  const latch = createLatch({ plugins: [eip155(), bip122()], ports: test.ports })
  try {
    latch.dispatch(routerPushed({ view: { name: 'Networks' } }))
    latch.dispatch(walletConnectRequested({ connectorId: 'io.metamask' }, { ns: 'eip155', requestId: 'r-1' }))
    test.advance(2_000)
    latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'You rejected the request in your wallet', details } }, { ns: 'eip155', requestId: 'r-1' }))
    latch.dispatch(eip155CapabilitiesFailed({ error: { code: 'RPC_ERROR', shortMessage: 'The network did not answer' } }, { ns: 'eip155' }))
    latch.dispatch(bip122BalanceFailed({ caipAddress: btcAddress, error: { code: 'NETWORK_ERROR', shortMessage: 'Network error' } }, { ns: 'bip122' }))
    latch.dispatch({ type: 'no/suchEvent', payload: {} } as never)
    return latch.exportLog()
  } finally {
    latch.destroy()
  }
}

const seqOf = (log: ExportedLog, type: string) => log.events.find((event) => event.type === type)?.meta.seq

describe('--plugins by name', () => {
  const log = recordLog()
  const path = write('plugins.json', JSON.stringify(log))

  it('without it, plugin events are skipped and the hint names the package plugins that define them', async () => {
    const { code, output } = await main([path])
    expect(code).toBe(0)
    expect(output).toContain('(skipped: unknown event type "eip155/capabilitiesFailed")')
    expect(output).toContain('hint: pass --plugins eip155,bip122 (the package\'s plugins, by name; or --plugins all)')
  })

  it.each([['eip155,bip122'], ['all'], ['bip122', 'EIP155']])('with --plugins %s, their events are replayed like the module form', async (...values) => {
    const { code, output } = await main([path, ...values.flatMap((value) => ['--plugins', value])])
    expect(code).toBe(0)
    expect(output).not.toContain('skipped')
    expect(output).not.toContain('not given to replay')
    expect(output).toMatch(/#\d+\s+\+\d+ms\s+eip155\/capabilitiesFailed\s+\[eip155\]/)
    // The same timeline as a module exporting the same plugins.
    const module = write('same.mjs', `export default []`)
    expect((await main([path, '--plugins', `eip155,bip122,${module}`])).output).toBe((await main([path, '--plugins', 'eip155,bip122'])).output)
  })

  it('refuses an unknown name, listing the valid ones; a path is still a module', async () => {
    const unknown = await main([path, '--plugins', 'eip155,evm'])
    expect(unknown.code).toBe(1)
    expect(unknown.output).toMatch(/^error: --plugins evm: no plugin of that name; the names are eip155, api, names, swap, onramp, solana, bip122, walletconnect, embedded, siwx, all/)
    expect(pluginNames).toEqual(['eip155', 'api', 'names', 'swap', 'onramp', 'solana', 'bip122', 'walletconnect', 'embedded', 'siwx', 'all'])
    const empty = await main([path, '--plugins', ','])
    expect(empty.code).toBe(1)
    const missing = await main([path, '--plugins', './no-such-plugins.mjs'])
    expect(missing.output).toContain('--plugins ./no-such-plugins.mjs: cannot import it')
  })

  it('every named plugin loads, and is the plugin of that name', async () => {
    const { code, output } = await main(['--sample', '--plugins', 'all', '--json'])
    expect(code).toBe(0)
    const parsed = JSON.parse(output) as { warnings: string[]; final: Record<string, unknown> }
    expect(parsed.warnings).toEqual([])
    // Each plugin's slice is in the replayed state (names: `names`, api: `walletList`, siwx: `siwx`, embedded: `embedded`).
    expect(Object.keys(parsed.final)).toEqual(expect.arrayContaining(['names', 'walletList', 'siwx', 'embedded']))
  })
})

const embeddedEmail = 'visitor@example.com'
const embeddedAddress = '0x1111111111111111111111111111111111111111'

/** Settles `promise` while the in-memory frame's messages flow (no timers move). */
async function settle<T>(world: FrameWorld, promise: Promise<T>): Promise<T> {
  let done = false
  const watched = promise.finally(() => void (done = true))
  for (let i = 0; i < 50 && !done; i++) await world.flush()
  return watched
}

/**
 * An e-mail login with the embedded wallet (docs/embedded-wallet.md) over an in-memory frame whose code is 123456: a
 * wrong code, then the right one. Returns the exported log (the codes `[redacted]`) and the live `embedded` slice.
 */
async function recordEmbeddedLog(): Promise<{ log: ExportedLog; embedded: EmbeddedState }> {
  const pageOrigin = 'http://127.0.0.1:3000'
  const frameOrigin = 'http://127.0.0.1:4000'
  const test = createTestPorts({ start: 1_000 })
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const latch = createLatch({
    plugins: [eip155(), embeddedWallet({ frameUrl: `${frameOrigin}/frame`, host: world.host })],
    networks: [createTestNetwork('eip155', 31337)],
    ports: test.ports,
    logLevel: 'silent',
  })
  let loggedIn = false
  const handlers: FrameHandlers = {
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' as const }),
    CONNECT_OTP: ({ otp }) => {
      if (otp !== '123456') throw new FrameRequestError('Invalid code')
      loggedIn = true
      return undefined
    },
    GET_USER: ({ chainId }) => ({ email: embeddedEmail, address: embeddedAddress, chainId }),
    IS_CONNECTED: () => ({ isConnected: loggedIn }),
  }
  try {
    latch.dispatch(modalOpened({}))
    await vi.waitFor(() => expect(world.mounted).toBeDefined())
    world.loadDocument((win) => void serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '1.0.0', handlers, window: win }))
    await world.flush()
    test.advance(frameReadyDelay)
    await world.flush()
    await settle(world, latch.request(embeddedEmailLogin.requested({ email: embeddedEmail })))
    await expect(settle(world, latch.request(embeddedOtp.requested({ otp: '654321' })))).rejects.toThrow()
    await settle(world, latch.request(embeddedOtp.requested({ otp: '123456' })))
    return { log: latch.exportLog(), embedded: latch.getState().embedded }
  } finally {
    latch.destroy()
  }
}

describe('--plugins embedded', async () => {
  const { log, embedded } = await recordEmbeddedLog()
  const path = write('embedded.json', JSON.stringify(log))

  it('the recorded log holds the login, its codes redacted', () => {
    const types = log.events.map((event) => event.type)
    expect(types).toEqual(expect.arrayContaining(['embedded/emailLoginRequested', 'embedded/otpRequested', 'embedded/otpFailed', 'embedded/otpSucceeded', 'embedded/userChanged']))
    const text = JSON.stringify(log)
    expect(text).not.toContain('123456')
    expect(text).not.toContain('654321')
    expect(log.events.filter((event) => event.type === 'embedded/otpRequested').map((event) => event.payload)).toEqual([{ otp: '[redacted]' }, { otp: '[redacted]' }])
    // A frame that names no account type gives the EOA (docs/embedded-wallet.md, "Account types").
    expect(embedded.user).toEqual({
      email: embeddedEmail,
      addresses: { eip155: embeddedAddress },
      preferredAccountType: 'eoa',
      accounts: [{ address: embeddedAddress, type: 'eoa' }],
      smartAccountDeployed: false,
    })
  })

  it('without it, the embedded events are skipped and the hint names it', async () => {
    const { code, output } = await main([path])
    expect(code).toBe(0)
    expect(output).toContain('(skipped: unknown event type "embedded/userChanged")')
    expect(output).toMatch(/hint: pass --plugins [a-z0-9,]*embedded/)
  })

  it.each([['embedded'], ['eip155,embedded'], ['all']])('with --plugins %s, they replay into the embedded slice as it was live', async (plugins) => {
    const { code, output } = await main([path, '--plugins', plugins, '--json'])
    expect(code).toBe(0)
    const parsed = JSON.parse(output) as { steps: { event: { type: string }; issue?: unknown }[]; final: { embedded: unknown }; warnings: string[] }
    expect(parsed.warnings.filter((warning) => warning.includes('embedded'))).toEqual([])
    expect(parsed.steps.filter((step) => step.event.type.startsWith('embedded/') && step.issue !== undefined)).toEqual([])
    expect(parsed.final.embedded).toEqual(JSON.parse(JSON.stringify(embedded)))
    // The failed code is in the timeline with the frame's text; the code itself is not.
    const timeline = (await main([path, '--plugins', plugins, '--type', 'embedded/'])).output
    expect(timeline).toMatch(/embedded\/otpFailed[^\n]*\n {6}! error: [A-Z_]+: Invalid code/)
    expect(timeline).toContain('[redacted]')
    expect(timeline).not.toContain('123456')
  })
})

/**
 * A social login (Discord) and then, after a disconnect, a Farcaster one, over an in-memory frame (docs/embedded-wallet.md,
 * "Social logins"): the popup is a stand-in; the authorization URL carries a `state` and the Farcaster URL a channel token.
 */
async function recordSocialLog(): Promise<{ log: ExportedLog; embedded: EmbeddedState }> {
  const pageOrigin = 'http://127.0.0.1:3000'
  const frameOrigin = 'http://127.0.0.1:4000'
  const test = createTestPorts({ start: 1_000 })
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const latch = createLatch({
    plugins: [eip155(), embeddedWallet({ frameUrl: `${frameOrigin}/frame`, host: world.host })],
    networks: [createTestNetwork('eip155', 31337)],
    ports: test.ports,
    logLevel: 'silent',
  })
  const handlers: FrameHandlers = {
    GET_SOCIAL_REDIRECT_URI: () => ({ uri: `https://discord.example/authorize?state=${socialSecrets[0]}` }),
    CONNECT_SOCIAL: ({ chainId }) => ({ address: embeddedAddress, chainId, userName: 'alice0' }),
    GET_FARCASTER_URI: () => ({ url: `farcaster://connect?channelToken=${socialSecrets[1]}` }),
    CONNECT_FARCASTER: () => ({ userName: 'alice.eth' }),
    GET_USER: ({ chainId }) => ({ address: embeddedAddress, chainId, userName: 'alice0' }),
    SIGN_OUT: () => undefined,
  }
  const popup = { closed: false, close: () => void (popup.closed = true), location: { href: '' } }
  try {
    latch.dispatch(modalOpened({}))
    await vi.waitFor(() => expect(world.mounted).toBeDefined())
    world.loadDocument((win) => void serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '1.0.0', handlers, window: win }))
    await world.flush()
    test.advance(frameReadyDelay)
    await world.flush()
    await settle(world, startSocialLogin(latch, 'discord', () => popup))
    await settle(world, disconnect(latch))
    await settle(world, startFarcasterLogin(latch))
    return { log: latch.exportLog(), embedded: latch.getState().embedded }
  } finally {
    latch.destroy()
  }
}
const socialSecrets = ['STATE0of0the0login0xyz', 'CHANNEL0token0abc0987']

describe('--plugins embedded: a social and a Farcaster login', async () => {
  const { log, embedded } = await recordSocialLog()
  const path = write('embedded-social.json', JSON.stringify(log))

  it('replays every step into the embedded slice as it was live, with no URL, state or token anywhere', async () => {
    const { code, output } = await main([path, '--plugins', 'embedded', '--json'])
    expect(code).toBe(0)
    const parsed = JSON.parse(output) as { steps: { event: { type: string }; issue?: unknown }[]; final: { embedded: unknown }; warnings: string[] }
    expect(parsed.warnings.filter((warning) => warning.includes('embedded'))).toEqual([])
    expect(parsed.steps.filter((step) => step.event.type.startsWith('embedded/') && step.issue !== undefined)).toEqual([])
    expect(parsed.final.embedded).toEqual(JSON.parse(JSON.stringify(embedded)))
    expect(embedded.user).toMatchObject({ socialProvider: 'farcaster' })
    const timeline = (await main([path, '--plugins', 'embedded', '--type', 'embedded/'])).output
    for (const type of [
      'embedded/socialLoginRequested',
      'embedded/socialPopupChanged',
      'embedded/socialLoginSucceeded',
      'embedded/userChanged',
      'embedded/farcasterLoginRequested',
      'embedded/farcasterUrlShown',
      'embedded/farcasterLoginSucceeded',
    ]) {
      expect(timeline).toContain(type)
    }
    expect(timeline).toContain('[redacted]')
    for (const secret of [...socialSecrets, 'discord.example', 'farcaster://']) {
      expect(timeline).not.toContain(secret)
      expect(output).not.toContain(secret)
      expect(JSON.stringify(log)).not.toContain(secret)
    }
  })
})

describe('each named plugin alone', () => {
  // walletconnect and embedded refuse a live instance without a family plugin (docs/errors.md); replay wires nothing.
  it.each(Object.keys(packagePlugins))('--plugins %s replays the sample', async (name) => {
    const { code, output } = await main(['--sample', '--plugins', name, '--json'])
    expect(code).toBe(0)
    expect((JSON.parse(output) as { warnings: string[] }).warnings.filter((warning) => warning.includes('--plugins'))).toEqual([])
  })
})

describe('--summary flags failures', () => {
  const log = recordLog()
  const path = write('failures.json', JSON.stringify(log))

  it('counts them, lists each with its #seq, error code, message and details whole, and flags their types', async () => {
    const { code, output } = await main([path, '--summary', '--plugins', 'eip155,bip122'])
    expect(code).toBe(0)
    const connect = seqOf(log, 'wallet/connectFailed')
    const rejected = seqOf(log, 'kernel/eventRejected')
    expect(output).toContain('FAILED: 4 events (…Failed, carrying an error, or rejected):')
    expect(output).toContain(`  #${connect}  wallet/connectFailed  [eip155]  (request r-1)\n      error: USER_REJECTED: You rejected the request in your wallet\n      details: ${details.replace('\n', '\n        ')}\n`)
    expect(output).toContain(`  #${seqOf(log, 'eip155/capabilitiesFailed')}  eip155/capabilitiesFailed  [eip155]\n      error: RPC_ERROR: The network did not answer\n`)
    expect(output).toContain(`  #${seqOf(log, 'bip122/balanceFailed')}  bip122/balanceFailed  [bip122]\n      error: NETWORK_ERROR: Network error\n`)
    expect(output).toMatch(new RegExp(`  #${rejected}  kernel/eventRejected\\n      reason: unknown event type "no/suchEvent"`))
    // The failed types come first in the counts, flagged.
    const rows = output.slice(output.indexOf('count  type')).split('\n').slice(1).filter((line) => /^\s+\d/.test(line)).map((line) => line.trim().replace(/\s+/g, ' '))
    expect(rows.slice(0, 4).sort()).toEqual(['1 bip122/balanceFailed (failed)', '1 eip155/capabilitiesFailed (failed)', '1 kernel/eventRejected (failed)', '1 wallet/connectFailed (failed)'])
    expect(rows.slice(4).every((row) => !row.includes('failed'))).toBe(true)
  })

  it('with --json: failed and every failure as data; filters narrow them', async () => {
    const json = JSON.parse((await main([path, '--summary', '--json', '--plugins', 'all'])).output) as { failed: number; failures: unknown[] }
    expect(json.failed).toBe(4)
    expect(json.failures).toContainEqual({ seq: seqOf(log, 'wallet/connectFailed'), type: 'wallet/connectFailed', ns: 'eip155', requestId: 'r-1', error: { code: 'USER_REJECTED', shortMessage: 'You rejected the request in your wallet', details } })
    const filtered = JSON.parse((await main([path, '--summary', '--json', '--ns', 'bip122', '--plugins', 'all'])).output) as { failed: number; failures: { type: string }[] }
    expect(filtered.failed).toBe(1)
    expect(filtered.failures.map((failure) => failure.type)).toEqual(['bip122/balanceFailed'])
  })

  it('a log without failures has no FAILED section', async () => {
    const { output } = await main(['--sample', '--summary'])
    expect(output).not.toContain('FAILED')
    expect(output).not.toContain('(failed)')
  })

  it('lists the first 50 failures and counts the rest', async () => {
    const test = createTestPorts()
    const latch = createLatch({ ports: test.ports })
    for (let i = 0; i < 60; i++) latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: `no ${i}` } }, { ns: 'eip155' }))
    const { output } = await main([write('many.json', JSON.stringify(latch.exportLog())), '--summary'])
    latch.destroy()
    expect(output).toContain('FAILED: 60 events')
    expect(output.match(/^ {2}#\d+ {2}wallet\/connectFailed/gm)).toHaveLength(50)
    expect(output).toContain('  … and 10 more (--json lists them all; --type <type> prints them in the timeline)')
  })
})

describe('the timeline shows errors whole', () => {
  const log = recordLog()
  const path = write('whole.json', JSON.stringify(log))

  it('an event carrying an error prints its code, message and details in full under its cut payload', async () => {
    const { code, output } = await main([path, '--plugins', 'all'])
    expect(code).toBe(0)
    const line = output.split('\n').find((text) => /wallet\/connectFailed/.test(text)) as string
    // The payload on the event line is still cut…
    expect(line).toMatch(/…/)
    expect(line).not.toContain('END')
    // …and the error follows it whole.
    expect(output).toContain(`${line}\n      ! error: USER_REJECTED: You rejected the request in your wallet\n      ! details: ${details.replace('\n', '\n          ')}\n`)
    expect(output).toMatch(/kernel\/eventRejected.*\n {6}! reason: unknown event type "no\/suchEvent"/)
  })

  it('other long payloads are still cut', async () => {
    const test = createTestPorts()
    const latch = createLatch({ ports: test.ports })
    latch.dispatch(routerPushed({ view: { name: 'Networks', payload: { note: 'y'.repeat(400) } } } as never))
    const { output } = await main([write('long.json', JSON.stringify(latch.exportLog()))])
    latch.destroy()
    const line = output.split('\n').find((text) => text.includes('router/pushed')) as string
    expect(line).toContain('…')
    expect(line).not.toContain('y'.repeat(200))
    expect(output).not.toContain('! ')
  })
})

describe('failureOf and errorLines', () => {
  const text = fc.string({ maxLength: 300 })
  it('flag every …Failed type and every payload carrying an error, and print code, message and details verbatim', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]+\/[a-zA-Z]+$/), text, text, fc.option(text, { nil: undefined }), (type, code, shortMessage, details) => {
        const event = { type, payload: { error: { code, shortMessage, ...(details === undefined ? {} : { details }) } }, meta: { seq: 3, at: 0 } } as never
        const failure = failureOf(event)
        expect(failure?.error).toEqual({ code, shortMessage, ...(details === undefined ? {} : { details }) })
        const printed = errorLines(failure!, '  ').join('\n').replace(/\n {4}/g, '\n')
        expect(printed).toContain(`error: ${code}: ${shortMessage.replace(/\r?\n/g, '\n')}`)
        if (details !== undefined) expect(printed).toContain(`details: ${details.replace(/\r?\n/g, '\n')}`)
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]+\/[a-zA-Z]+$/), fc.jsonValue(), (type, payload) => {
        const error = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as { error?: { code?: unknown; shortMessage?: unknown } }).error : undefined
        const carries = typeof error === 'object' && error !== null && !Array.isArray(error) && typeof error.code === 'string' && typeof error.shortMessage === 'string'
        const flagged = failureOf({ type, payload, meta: { seq: 1, at: 0 } } as never) !== undefined
        expect(flagged).toBe(type.endsWith('Failed') || carries)
      }),
    )
  })
})
