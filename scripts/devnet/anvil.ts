import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { anvilBinary } from './install'

/** A running anvil: its RPC URL, chain id, and how to stop it. */
export type Anvil = { url: string; chainId: number; port: number; stop(): Promise<void> }

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * Starts anvil on 127.0.0.1 and waits until it answers RPC. anvil comes from scripts/devnet's own
 * package (installed on first use, linux x64) or from PATH (scripts/devnet/install.ts).
 */
export async function startAnvil({ chainId, port, timestamp }: { chainId: number; port?: number; /** The genesis block's time, in seconds (default now). */ timestamp?: number }): Promise<Anvil> {
  const binary = anvilBinary()
  const chosen = port ?? (await freePort())
  const child = spawnWatched(binary, ['--host', '127.0.0.1', '--port', String(chosen), '--chain-id', String(chainId), '--silent', ...(timestamp === undefined ? [] : ['--timestamp', String(timestamp)])])
  const url = `http://127.0.0.1:${chosen}`
  await waitForRpc(url, child)
  return { url, chainId, port: chosen, stop: () => stopChild(child) }
}

/**
 * Spawns `command` under the watchdog below (stdout ignored, stderr piped), so it never outlives this process; stop it
 * with stopChild. anvil and the bundler (scripts/devnet/account-abstraction.ts) run this way.
 */
export function spawnWatched(command: string, args: readonly string[]): ChildProcess {
  const child = spawn('/bin/sh', ['-c', watchdog, command, ...args], { stdio: ['pipe', 'ignore', 'pipe'] })
  track(child)
  return child
}

/**
 * anvil runs under a small sh watchdog that holds the read end of a pipe from this process (its
 * stdin) and kills anvil when the pipe closes. The pipe closes however this process ends, by
 * stop(), an exception, a signal or SIGKILL, so anvil never outlives it. The watchdog exits when
 * anvil does, with anvil's status.
 */
const watchdog = [
  'exec 3<&0',
  '"$0" "$@" </dev/null 3<&- &',
  'pid=$!',
  '(read -r _ <&3; kill "$pid" 2>/dev/null) &',
  'exec 3<&- 0</dev/null',
  'wait "$pid"',
].join('\n')

// Anvils still running when this process exits (even by an uncaught exception) are killed, not orphaned.
const running = new Set<ChildProcess>()
let exitHookInstalled = false
function track(child: ChildProcess): void {
  running.add(child)
  child.once('exit', () => {
    running.delete(child)
    child.stdin?.destroy()
  })
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => running.forEach((c) => c.stdin?.destroy()))
}

/** Waits until the JSON-RPC server at `url` (started as `child`, named `name` in errors) answers eth_chainId, for up to `seconds` (polling every 50 ms). */
export async function waitForRpc(url: string, child: ChildProcess, name = 'anvil', seconds = 10): Promise<void> {
  let exited = false
  child.once('exit', () => (exited = true))
  for (let attempt = 0; attempt < seconds * 20; attempt++) {
    if (exited) throw new Error(`${name} exited before answering on ${url}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.stdin?.destroy()
  throw new Error(`${name} did not answer on ${url} within ${seconds} s`)
}

/** Stops a child spawned by spawnWatched (closing the watchdog's pipe) and resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    // Closing the watchdog's pipe stops anvil, then the watchdog.
    child.stdin?.end()
  })
}

/** anvil's first dev accounts (unlocked; the well-known mnemonic "test test … junk"). */
export const anvilAccounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const
