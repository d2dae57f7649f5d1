/**
 * docs/errors.md, PEER_MISSING: a dapp that lacks an optional peer Latch needs is told which one to install. From the
 * packed tarball, in a fresh app outside the repository with only Latch and Vite 8 installed (no
 * @wallet-standard/app, @walletconnect/sign-client, sats-connect or viem): Vite builds it, and in chromium Latch says
 * which package is missing and the command that installs it; esbuild refuses to build it, naming each package.
 * Needs the npm registry (npm's cache keeps it quick: --prefer-offline). Run by `npm test` (vitest project `package`).
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from '../e2e/harness'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const missing = ['@wallet-standard/app', '@walletconnect/sign-client', 'sats-connect', 'viem']

// Every plugin whose peer is missing; the WalletConnect connect is the run-time path that needs its peer at once.
const main = `
import { connect, createLatch } from 'latch'
import { eip155 } from 'latch/plugins/eip155'
import { solana } from 'latch/plugins/solana'
import { bip122 } from 'latch/plugins/bip122'
import { siwx } from 'latch/plugins/siwx'
import { walletConnect } from 'latch/plugins/walletconnect'

const network = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const latch = createLatch({ networks: [network], plugins: [eip155(), solana(), bip122(), siwx(), walletConnect({ projectId: 'test', relayUrl: 'ws://127.0.0.1:9' })] })
window.result = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' }).then(
  () => ({ connected: true }),
  (error) => ({ name: error.name, code: error.code, message: error.message }),
)
`

let dir = ''
const temps: string[] = []
afterAll(() => {
  for (const temp of temps) rmSync(temp, { recursive: true, force: true })
}, 120_000)

beforeAll(async () => {
  // Built and packed once for the project (scripts/package/pack-once.ts).
  const { tarball } = inject('latchPack')
  dir = mkdtempSync(join(tmpdir(), 'latch-peers-app-'))
  temps.push(dir)
  const manifest = { name: 'latch-peers-test-app', private: true, type: 'module', dependencies: { latch: `file:${tarball}`, vite: '^8' } }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>peers</title></head><body><script type="module" src="/src/main.js"></script></body></html>')
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src/main.js'), main)
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
}, 300_000)

describe('a dapp without the optional peers', () => {
  it('has none of them installed', () => {
    for (const name of missing) expect(() => readFileSync(join(dir, 'node_modules', name, 'package.json')), name).toThrow()
  })

  it("builds with Vite 8; in chromium the WalletConnect connect fails with PEER_MISSING naming its package and command, and the solana plugin's discovery logs its own", async () => {
    const vite = join(dir, 'node_modules/vite/bin/vite.js')
    const { stdout, stderr } = await run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 })
    // Vite names the packages it stood in for (a warning), never an error about its internal module.
    expect(`${stdout}${stderr}`).not.toMatch(/is not exported by "__vite-optional-peer-dep/)

    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
      await page.route('http://app.test/**', (route) => {
        const path = new URL(route.request().url()).pathname
        const file = join(dir, 'dist', path === '/' ? 'index.html' : path)
        return route.fulfill({ body: readFileSync(file), contentType: extname(file) === '.html' ? 'text/html' : 'text/javascript' })
      })
      await page.goto('http://app.test/')
      const result = await page.waitForFunction(() => (window as unknown as { result?: Promise<unknown> }).result).then((handle) => handle.jsonValue())
      expect(result).toEqual({
        name: 'LatchError',
        code: 'PEER_MISSING',
        message: 'Peer missing (PEER_MISSING): latch/plugins/walletconnect needs the package @walletconnect/sign-client, which is not installed or could not be loaded: npm install @walletconnect/sign-client',
      })
      await expect.poll(() => errors.join('\n')).toContain('latch/plugins/solana needs the package @wallet-standard/app, which is not installed or could not be loaded: npm install @wallet-standard/app')
    } finally {
      await browser.close()
    }
  }, 120_000)

  it('does not build with esbuild, which names each missing package', async () => {
    const result = await build({ absWorkingDir: dir, entryPoints: ['src/main.js'], bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: 'out', write: false, logLevel: 'silent' }).catch((error: { errors?: { text: string }[] }) => error)
    const texts = ('errors' in result ? (result.errors ?? []) : []).map((error) => error.text)
    for (const name of missing) expect(texts, name).toContain(`Could not resolve "${name}"`)
  })
})
