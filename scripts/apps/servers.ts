/**
 * What the fresh-app tests run around an app: a dev or production server of the app's own tool (Vite, Next.js)
 * on 127.0.0.1, anvil, and the dev wallet as a browser extension would be (an EIP-6963 announcement injected
 * before the page's scripts, answering every prompt with Approve).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '../devnet/anvil'
import { storageKeys } from '../devnet/dev-wallet/config'
import { buildDevWallet } from '../devnet/dev-wallet/build'

/** A server started by a test: its URL, everything it printed, and how to stop it. */
export type AppServer = { url: string; output: () => string; stop(): Promise<void> }

/**
 * Starts `bin` (a package's command file in the tree's node_modules) with `args` in `cwd`, on a free port of
 * 127.0.0.1 given as `{port}` in args, and resolves once `ready` (a path) answers 200.
 */
export async function startServer({ tree, cwd, bin, args, ready = '/', env = {} }: { tree: string; cwd: string; bin: string; args: readonly string[]; ready?: string; env?: Record<string, string> }): Promise<AppServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, [join(tree, 'node_modules', bin), ...args.map((arg) => arg.replace('{port}', String(port)))], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', BROWSER: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends the tool's own workers with it (and nothing else).
    detached: true,
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = () => stopGroup(child)
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${bin} exited with ${child.exitCode}:\n${output}`)
    const status = await fetch(new URL(ready, url)).then((response) => response.status, () => 0)
    if (status === 200) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${bin} did not answer ${ready} on ${url} within 120 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { url, output: () => output, stop }
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      resolve()
    }
  })
}

/** Runs a package's command to its end (e.g. `next build`), rejecting with its output when it fails. */
export function runBin({ tree, cwd, bin, args, env = {} }: { tree: string; cwd: string; bin: string; args: readonly string[]; env?: Record<string, string> }): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(process.execPath, [join(tree, 'node_modules', bin), ...args], { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${bin} ${args.join(' ')} exited with ${code}:\n${output}`))))
  })
}

/** The chain every app uses: anvil's default id. */
export const chainId = 31337

/**
 * The dev wallet's script for one anvil and its first account, preceded by the setting that makes it approve every
 * request without its prompt (a visitor who clicks Approve): scripts for newGuardedPage's initScripts.
 */
export async function walletScripts(rpcUrl: string, account: string): Promise<string[]> {
  const approve = `try { localStorage.setItem(${JSON.stringify(storageKeys.auto)}, 'approve') } catch {}`
  return [approve, await buildDevWallet({ chains: [{ chainId, rpcUrl, name: 'Anvil' }], accounts: [account] })]
}
