import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The README's first command on a newcomer's machine: a fresh clone with the root packages installed (`npm install`)
// and nothing else — no scripts/devnet/node_modules, no build output. The tracked files are copied into a temporary
// folder, given the root's node_modules and nothing more, and `npm start` must bring the demo up by itself.
const root = fileURLToPath(new URL('..', import.meta.url))
let clone = ''
let npm: ChildProcess | undefined

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'latch-fresh-clone-'))
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean)
  for (const file of tracked) {
    if (!existsSync(join(root, file))) continue // deleted in the work tree, not committed yet
    mkdirSync(dirname(join(clone, file)), { recursive: true })
    cpSync(join(root, file), join(clone, file))
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir')
})

afterAll(() => {
  if (npm?.pid) {
    try {
      process.kill(-npm.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  if (clone) rmSync(clone, { recursive: true, force: true })
})

/** Every live process below `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (state !== 'Z') parents.set(Number(name), Number(ppid))
    } catch {
      // exited while being read
    }
  }
  const below = (p: number): number[] => [...parents].filter(([, ppid]) => ppid === p).flatMap(([child]) => [child, ...below(child)])
  return below(pid)
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Polls `check` every 100 ms until it is true, for at most `ms`; a bound, not a measured time. */
async function eventually(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

describe('a fresh clone with only the root packages installed', () => {
  it('has no scripts/devnet/node_modules and no dist/ to start with', () => {
    expect(existsSync(join(clone, 'scripts/devnet/node_modules'))).toBe(false)
    expect(existsSync(join(clone, 'dist'))).toBe(false)
  })

  it('imports the bench entries without the devnet installed (they install it when they run)', () => {
    // tsx's --eval compiles to CommonJS: no top-level await, so the imports are chained.
    const script = "Promise.all(['./bench/run.ts', './bench/balance-requests.ts'].map((m) => import(m))).then(() => console.log('imported'), (e) => { console.error(e); process.exit(1) })"
    const imported = spawnSync('npx', ['tsx', '--eval', script], { cwd: clone, encoding: 'utf8' })
    expect(imported.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/)
    expect(imported.status, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('imported')
    expect(existsSync(join(clone, 'scripts/devnet/node_modules'))).toBe(false)
  }, 60_000)

  it('`npm start` installs the local stack, serves the demo, an EVM chain and the e-mail login (frame and dev inbox), and SIGTERM to npm stops every process it started', async () => {
    npm = spawn('npm', ['start', '--silent'], { cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    // The devnet's `npm ci` (from the npm cache or registry) and the stack's start-up: a generous bound.
    expect(await eventually(() => output.includes('Ctrl-C stops everything') || npm?.exitCode !== null, 300_000), output).toBe(true)
    expect(output).toContain('Ctrl-C stops everything')
    expect(output).toContain('running `npm ci --prefix scripts/devnet`')
    expect(existsSync(join(clone, 'scripts/devnet/node_modules/.package-lock.json'))).toBe(true)

    const demoUrl = /Latch demo\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    const chain = /Chain (\d+) \([^)]*\)\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)
    expect(demoUrl, output).toBeDefined()
    expect(chain, output).not.toBeNull()
    const page = await fetch(demoUrl!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script')
    const rpc = await fetch(chain![2]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
    expect(((await rpc.json()) as { result: string }).result).toBe(`0x${Number(chain![1]).toString(16)}`)

    // The e-mail login is wired (docs/embedded-wallet.md, "In the demo"): the demo's policy may frame the wallet service
    // (and the page has the plugin: startDemo({ embedded: true })), the service serves the built frame app to the demo's
    // origin (frame-ancestors lists 127.0.0.1), and the dev inbox's page loads.
    const walletUrl = /Wallet service\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    const inboxUrl = /Dev inbox\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    expect(walletUrl, output).toBeDefined()
    expect(inboxUrl, output).toBeDefined()
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${walletUrl};`)
    const frame = await fetch(`${walletUrl}/`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\*/)
    expect(await frame.text()).toContain('id="approval"')
    const inbox = await fetch(`${inboxUrl}/`)
    expect(inbox.status).toBe(200)
    expect(await inbox.text()).toContain('Dev inbox')

    const started = descendants(npm.pid!)
    // npm, sh, tsx's node, two anvils at least.
    expect(started.length).toBeGreaterThanOrEqual(4)
    npm.kill('SIGTERM')
    expect(await eventually(() => !started.some(alive), 20_000), `still running: ${started.filter(alive).join(', ')}`).toBe(true)
    expect(alive(npm.pid!)).toBe(false)
  }, 360_000)
})
