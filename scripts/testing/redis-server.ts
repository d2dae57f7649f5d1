/**
 * A real redis-server from Debian for the wallet service's tests (docs/wallet-service.md, "Store"): installed with
 * apt-get when /usr/bin/redis-server is missing (as chromium is, scripts/e2e/harness.ts), and started on a free
 * 127.0.0.1 port with no persistence, no config file and a throwaway working directory.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian's redis-server package puts the server. */
export const redisServerPath = '/usr/bin/redis-server'

/** True when Debian's redis-server is installed. */
export function hasRedisServer(): boolean {
  return existsSync(redisServerPath)
}

/** Installs Debian's redis-server with apt-get when it is missing (needs root); prints each step, throws a clear error on failure. */
export function ensureRedisServer(): void {
  if (hasRedisServer()) return
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${redisServerPath} is missing and installing it needs root: run \`sudo apt-get update && sudo apt-get install -y redis-server\``)
  }
  const run = (args: string[]) => {
    console.log(`[redis] redis-server missing: running apt-get ${args.join(' ')}`)
    // policy-rc.d is not consulted by apt-get itself; RUNLEVEL=1 keeps the package's init script from starting a system server.
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' } })
    if (result.error) throw new Error(`apt-get ${args.join(' ')} could not run: ${result.error.message}`)
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with exit code ${result.status}`)
  }
  // Wait up to 5 minutes for another apt/dpkg run (e.g. chromium's install in a parallel job).
  const wait = ['-o', 'DPkg::Lock::Timeout=300']
  run([...wait, 'update'])
  run([...wait, 'install', '-y', '--no-install-recommends', 'redis-server'])
  if (!hasRedisServer()) throw new Error(`apt-get installed redis-server but ${redisServerPath} is still missing`)
  console.log(`[redis] installed ${redisServerPath}`)
}

/** A running redis-server: its URL (`redis://127.0.0.1:<port>`), pause() and resume() (SIGSTOP, SIGCONT: a server that hangs), and stop(). */
export type RedisServer = { url: string; port: number; pause(): void; resume(): void; stop(): Promise<void> }

/** A free TCP port on 127.0.0.1 (the OS picks it; a tiny race with other processes is possible, so start retries). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

/** Resolves once a PING on the port answers PONG, or rejects when the process exits first. */
function waitForPong(port: number, exited: Promise<string>): Promise<void> {
  const attempt = () =>
    new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port })
      let reply = ''
      socket.once('error', () => done(false))
      socket.on('data', (chunk) => {
        reply += chunk.toString()
        if (reply.includes('\r\n')) {
          socket.destroy()
          done(reply.startsWith('+PONG'))
        }
      })
      socket.once('connect', () => socket.write('PING\r\n'))
    })
  return new Promise((done, fail) => {
    let over = false
    void exited.then((why) => {
      over = true
      fail(new Error(`redis-server exited before answering: ${why}`))
    })
    const poll = async () => {
      while (!over) {
        if (await attempt()) return done()
        await new Promise((next) => setTimeout(next, 20))
      }
    }
    void poll()
  })
}

/**
 * Starts redis-server on a free 127.0.0.1 port: no RDB snapshots, no AOF, protected mode on, its own temporary
 * directory (removed on stop). Installs it first when missing.
 */
export async function startRedisServer(): Promise<RedisServer> {
  ensureRedisServer()
  for (let tries = 0; ; tries++) {
    const port = await freePort()
    const dir = mkdtempSync(join(tmpdir(), 'latch-redis-'))
    const child = spawn(redisServerPath, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes', '--loglevel', 'warning'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output = (output + chunk.toString()).slice(-2000)))
    child.stderr.on('data', (chunk) => (output = (output + chunk.toString()).slice(-2000)))
    const exited = new Promise<string>((done) => child.once('exit', (code, signal) => done(`exit ${code ?? signal}: ${output.trim()}`)))
    try {
      await waitForPong(port, exited)
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      if (tries < 3 && /Address already in use/i.test(output)) continue
      throw error
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      pause: () => void child.kill('SIGSTOP'),
      resume: () => void child.kill('SIGCONT'),
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGCONT')
          child.kill('SIGTERM')
          await exited
        }
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
}
