import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Whether anything answers JSON-RPC at `url` within a second. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    return response.ok
  } catch {
    return false
  }
}

/** Polls until `check` is true, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

let npm: ChildProcess | undefined

afterEach(() => {
  // Whatever the test's outcome, nothing it started outlives it: its own process group.
  if (npm?.pid) {
    try {
      process.kill(-npm.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'stops both anvils, the provider API, the WalletConnect relay and the demo server on %s to npm itself, not only on Ctrl-C to the group',
    async (signal) => {
      npm = spawn('npm', ['start', '--silent'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      npm.stdout?.on('data', (chunk: Buffer) => (output += chunk))
      npm.stderr?.on('data', (chunk: Buffer) => (output += chunk))
      expect(await eventually(async () => output.includes('Ctrl-C stops everything'), 60_000), output).toBe(true)
      // ws:// (the WalletConnect relay) is checked over http://: its server answers plain HTTP too.
      const urls = [...output.matchAll(/(?:http|ws):\/\/127\.0\.0\.1:\d+/g)].map((m) => m[0].replace(/^ws:/, 'http:'))
      // The demo, two anvils, the provider API, the on-ramp provider simulator, the local Solana network (which answers
      // JSON-RPC too), the WalletConnect relay, the WalletConnect dev wallet's page, the wallet service, its dev inbox, the
      // local Farcaster app, and the first anvil's bundler and paymaster service.
      expect(urls).toHaveLength(13)
      // The two anvils and the Solana network answer JSON-RPC (the on-ramp checkout is printed before Solana).
      for (const url of [...urls.slice(1, 3), urls[5]!]) expect(await answers(url)).toBe(true)

      npm.kill(signal)

      // Every URL stops answering anything, bounded (the watchdog polls every 250 ms).
      const alive = async (url: string) => fetch(url, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false)
      for (const url of urls) expect(await eventually(async () => !(await alive(url)), 10_000), `${url} still answers`).toBe(true)
    },
    90_000,
  )
})
