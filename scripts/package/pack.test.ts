/**
 * Latch as a dapp team installs it: builds and packs the package (`npm pack`), installs the tarball
 * into fresh apps outside the repository (React 18.3 with the lowest viem the peer range allows, and
 * React 19 with the newest viem and @wagmi/core), then builds the README's example (and, with @wagmi/core,
 * a wagmi config on latch/wagmi) with esbuild, typechecks it with tsc under `moduleResolution` "bundler" and
 * "nodenext", and renders it with react-dom/server in Node.
 * Needs the npm registry (npm's cache keeps it quick: --prefer-offline). Run by `npm test` as its own
 * step (vitest project `package`).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const tsc = join(root, 'node_modules/typescript/bin/tsc')
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest

type Manifest = {
  name: string
  version: string
  files?: string[]
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  exports?: Record<string, unknown>
  homepage?: string
  repository?: { type: string; url: string }
  bugs?: { url: string }
}

/** What a tarball may hold: the build, the manifest, the README, the pages of docs/ (not its screenshots) and the licence. */
const allowed = [/^dist\//, /^package\.json$/, /^README\.md$/, /^docs\/[^/]+\.md$/, /^LICENSE$/]
/** Names of test helpers and dev scripts that must never ship (`kernel/testing` is the documented `latch/testing`). */
const devOnly = /test-helpers|test-server|test-wallet|harness|preview|devnet|anvil|scripts\/|\.test\.|\.test-d\./

// The README's example, as a dapp writes it, with the typed verbs and a viem chain given as it is.
const app = `
import { createLatch, signMessage, sendTransaction } from 'latch'
import { eip155, fromViemChain } from 'latch/plugins/eip155'
import { api } from 'latch/plugins/api'
import { LatchProvider, ConnectButton } from 'latch/react'
import { mainnet, base } from 'viem/chains'
import type { Address, Hex } from 'viem'

export const latch = createLatch({
  networks: [fromViemChain(mainnet), fromViemChain(base)],
  plugins: [eip155(), api()],
  metadata: { name: 'My dapp', description: 'A dapp', url: 'https://my.dapp', icons: [] },
  themeMode: 'system',
})

export const App = () => (
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>
)

// viem chains as they are, and createLatch() with no networks at all.
export const direct = createLatch({ networks: [mainnet, base], plugins: [eip155()] })
export const bare = createLatch()

// Hex answers are EVM's: naming the family types them (with no ns, the active family's answer is a string).
export async function sign(message: string): Promise<Hex> {
  const { signature } = await signMessage(latch, { message, ns: 'eip155' })
  return signature
}

export async function send(to: Address): Promise<Hex> {
  const { hash } = await sendTransaction(latch, { to, value: 1n, ns: 'eip155' })
  return hash
}
`

// latch/wagmi in a wagmi app: @wagmi/core's own createConfig with Latch's connector.
const wagmiApp = `
import { createConfig, http, connect } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { createLatch } from 'latch'
import { eip155 } from 'latch/plugins/eip155'
import { latchConnector } from 'latch/wagmi'

const latch = createLatch({ networks: [mainnet], plugins: [eip155()] })

export const config = createConfig({ chains: [mainnet], connectors: [latchConnector(latch)], transports: { [mainnet.id]: http() } })
export const connectWithLatch = () => connect(config, { connector: config.connectors[0]! })
`

const ssr = `
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { App, bare } from './app'

const html = renderToString(createElement(App))
console.log(JSON.stringify({ html, bare: bare.getState().chains.eip155.network.caipNetwork?.caipNetworkId }))
`

// docs/elements.md: the standalone entry for a page without React, the shared-React entry beside it; typed under both resolutions.
const elementsApp = `
import { createLatch, eip155, fromViemChain, mountLatch, selectIsConnected, type LatchAccountDetail, type MountedLatch } from 'latch/elements/standalone'
import { defineLatchElements, mountLatch as mountOnHostReact, type LatchElement } from 'latch/elements'

export function start(rpcUrl: string): MountedLatch {
  const chain = { id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const latch = createLatch({ networks: [fromViemChain(chain)], plugins: [eip155()] })
  const ui = mountLatch(latch)
  const stop: () => void = ui.subscribe(selectIsConnected, (connected: boolean, before: boolean | undefined) => void [connected, before], { fireImmediately: true })
  stop()
  const button = document.querySelector('latch-connect-button') as LatchElement | null
  if (button) button.label = 'Sign in'
  button?.addEventListener('latch-account-change', (event) => void (event as CustomEvent<LatchAccountDetail>).detail.address)
  void ui.signMessage({ message: 'hi' }).then(({ signature }) => signature.length)
  return ui
}

export const onHostReact = { defineLatchElements, mountOnHostReact }
`

const variants = [
  {
    name: 'React 18.3, viem 2.0.0',
    dependencies: { react: '18.3.1', 'react-dom': '18.3.1', viem: '2.0.0', '@types/react': '18.3.8', '@types/react-dom': '18.3.7' },
    sources: ['src/app.tsx', 'src/elements.ts'],
  },
  {
    name: 'React 19, newest viem',
    dependencies: {
      react: rootPackage.devDependencies?.react ?? '^19',
      'react-dom': rootPackage.devDependencies?.['react-dom'] ?? '^19',
      viem: rootPackage.devDependencies?.viem ?? '^2',
      '@types/react': rootPackage.devDependencies?.['@types/react'] ?? '^19',
      '@types/react-dom': rootPackage.devDependencies?.['@types/react-dom'] ?? '^19',
      // latch/wagmi's optional peer, as a wagmi app has it.
      '@wagmi/core': rootPackage.devDependencies?.['@wagmi/core'] ?? '^2',
    },
    sources: ['src/app.tsx', 'src/wagmi.ts', 'src/elements.ts'],
  },
] as const

const temps: string[] = []
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}
// Removing the apps' node_modules takes seconds on a busy 2-core machine.
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
}, 120_000)

/** Every file under `dir`, relative to it, following no symlinks. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path, base) : [relative(base, path)]
  })
}

/**
 * The links of a Markdown text: inline links and images (`[a](b)`, `![a](b)`, `<b>` autolinks), reference
 * definitions (`[a]: b`) and HTML `href`/`src`; never what is in code (fenced blocks, `code spans`).
 */
function markdownLinks(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`]*`+/g, 'code')
  const links: string[] = []
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(match[1] as string)
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) links.push(match[1] as string)
  for (const match of prose.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)) links.push(match[1] as string)
  for (const match of prose.matchAll(/<((?:https?|mailto):[^>\s]+)>/g)) links.push(match[1] as string)
  return links
}

/** The package names the built bundles import (bare specifiers, subpaths folded). */
function bundleImports(dist: string): Set<string> {
  // The browser bundles; the replay command (dist/bin) is Node code, checked on its own below.
  return new Set(walk(dist).filter((f) => f.endsWith('.js') && !f.startsWith('bin/')).flatMap((file) => [...bundleImportsOf(join(dist, file))]))
}

/** The package names one built file imports. */
function bundleImportsOf(file: string): Set<string> {
  const names = new Set<string>()
  const text = readFileSync(file, 'utf8')
  // A specifier shaped like a package name, so text such as a catalogue's `"send.from":"From"` is not taken for one.
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']((?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(?:\/[\w.~/-]*)?)["']/g)) {
    const spec = match[1] as string
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string))
  }
  return names
}

// Built and packed once for the project (scripts/package/pack-once.ts).
const { tarball, files: packedFiles } = inject('latchPack')

describe('the tarball', () => {
  it('holds only dist/, package.json, README.md, the pages of docs/ and LICENSE, and no test helper or dev script', () => {
    expect(packedFiles.filter((path) => !allowed.some((pattern) => pattern.test(path)))).toEqual([])
    expect(packedFiles.filter((path) => devOnly.test(path))).toEqual([])
    expect(packedFiles).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/types/kernel/index.d.ts', 'dist/bin/latch-replay.js', 'dist/elements.js', 'dist/elements-standalone.js', 'dist/types/ui/elements/standalone.d.ts']),
    )
    // latch/elements/standalone's chunks are its own (docs/elements.md, "Two entries").
    expect(packedFiles.filter((path) => /^dist\/standalone\/modal-[\w-]+\.js$/.test(path))).toHaveLength(1)
    // Every page of docs/, and none of its screenshots.
    const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)
    expect(packedFiles.filter((path) => path.startsWith('docs/')).sort()).toEqual(pages.sort())
    // The source maps carry their sources (README, "Install"): a map without them points at files the package does not hold.
    const maps = packedFiles.filter((path) => path.endsWith('.js.map'))
    expect(maps.length).toBeGreaterThan(0)
    for (const path of maps) {
      const map = JSON.parse(readFileSync(join(root, path), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] }
      expect(map.sourcesContent?.length, path).toBe(map.sources.length)
      expect(map.sourcesContent?.every((source) => typeof source === 'string'), path).toBe(true)
    }
  })

  it('names its repository, homepage and issue tracker, one GitHub repository', () => {
    const home = rootPackage.homepage ?? ''
    expect(home).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+#readme$/)
    const base = home.replace(/#readme$/, '')
    expect(rootPackage.repository).toEqual({ type: 'git', url: `git+${base}.git` })
    expect(rootPackage.bugs).toEqual({ url: `${base}/issues` })
  })

  it('every relative link of every shipped Markdown file resolves to a shipped file; absolute links point at the homepage', () => {
    // The reader that finds them: links in prose, not in code.
    expect(markdownLinks('[a](b.md) ![c](d.png) `[e](f.md)`\n```\n[g](h.md)\n```\n<a href="i.md">i</a>\n[j]: k.md\n<https://x.example/l>')).toEqual(['b.md', 'd.png', 'k.md', 'i.md', 'https://x.example/l'])
    const base = (rootPackage.homepage ?? '').replace(/#readme$/, '')
    const shipped = new Set(packedFiles)
    const markdown = packedFiles.filter((path) => path.endsWith('.md'))
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/debugging.md']))
    const broken: string[] = []
    let relativeLinks = 0
    for (const file of markdown) {
      for (const link of markdownLinks(readFileSync(join(root, file), 'utf8'))) {
        if (link.startsWith('#')) continue
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
          // Absolute: the repository's own pages, at a file or folder the repository holds.
          const path = link.startsWith(`${base}/`) ? /^(?:blob|raw|tree)\/main\/([^?#]+)/.exec(link.slice(base.length + 1))?.[1] : undefined
          if (link !== base && (path === undefined || !existsSync(join(root, decodeURIComponent(path))))) broken.push(`${file}: ${link} (not a file of ${base})`)
          continue
        }
        relativeLinks += 1
        const target = normalize(join(dirname(file), decodeURIComponent(link.replace(/[?#].*$/, ''))))
        if (!shipped.has(target)) broken.push(`${file}: ${link} (${target} is not in the tarball)`)
      }
    }
    expect(broken).toEqual([])
    expect(relativeLinks).toBeGreaterThan(20)
  })

  it('its manifest depends at run time on exactly what the bundles import, with React, viem, wagmi and the chain-family libraries as optional peers', () => {
    const imports = bundleImports(join(root, 'dist'))
    const dependencies = Object.keys(rootPackage.dependencies ?? {})
    const peers = Object.keys(rootPackage.peerDependencies ?? {})
    // Every runtime dependency is imported by the build; every import is a dependency or a peer.
    expect(dependencies.filter((name) => !imports.has(name))).toEqual([])
    expect([...imports].filter((name) => !dependencies.includes(name) && !peers.includes(name))).toEqual([])
    expect(rootPackage.optionalDependencies).toBeUndefined()
    // latch/elements/standalone imports no package by name: a <script type="module"> loads it as it is (docs/html.md).
    const standalone = join(root, 'dist/standalone')
    expect([...bundleImports(standalone), ...bundleImportsOf(join(root, 'dist/elements-standalone.js'))]).toEqual([])
    expect(peers.sort()).toEqual(['@solana/web3.js', '@wagmi/core', '@wallet-standard/app', '@walletconnect/sign-client', 'react', 'react-dom', 'sats-connect', 'viem', 'wagmi'])
    // A dapp installs only the peers of what it uses: every peer is optional.
    for (const peer of peers) expect(rootPackage.peerDependenciesMeta?.[peer], peer).toEqual({ optional: true })
    // latch-replay imports only Node's built-ins and this very package (latch, latch/testing).
    const bin = readFileSync(join(root, 'dist/bin/latch-replay.js'), 'utf8')
    const binImports = [...bin.matchAll(/^import\s[^;]*?\bfrom\s*["']([^"']+)["']/gm)].map((match) => match[1] as string)
    expect(binImports.length).toBeGreaterThan(0)
    expect(binImports.filter((spec) => !spec.startsWith('node:') && spec !== rootPackage.name && !spec.startsWith(`${rootPackage.name}/`))).toEqual([])
    expect(rootPackage.peerDependencies).toMatchObject({ react: '^18.2.0 || ^19.0.0', 'react-dom': '^18.2.0 || ^19.0.0', viem: '^2.0.0', '@wagmi/core': '^2.0.0 || ^3.0.0', wagmi: '^2.0.0 || ^3.0.0' })
  })
})

describe.each(variants)('a dapp on $name', ({ dependencies, sources }) => {
  let dir = ''

  beforeAll(async () => {
    dir = temp('latch-app-')
    const manifest = { name: 'latch-pack-test-app', private: true, type: 'module', dependencies: { latch: `file:${tarball}`, ...dependencies } }
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
    mkdirSync(join(dir, 'src'))
    writeFileSync(join(dir, 'src/app.tsx'), app)
    writeFileSync(join(dir, 'src/ssr.tsx'), ssr)
    writeFileSync(join(dir, 'src/wagmi.ts'), wagmiApp)
    writeFileSync(join(dir, 'src/elements.ts'), elementsApp)
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  }, 300_000)

  it('installs no anvil and no test helper', () => {
    expect(relative(root, dir).startsWith('..')).toBe(true)
    const modules = join(dir, 'node_modules')
    const packages = readdirSync(modules).flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((sub) => `${name}/${sub}`) : [name]))
    expect(packages.filter((name) => /anvil|foundry/.test(name))).toEqual([])
    const installed = walk(join(modules, 'latch'))
    expect(installed.filter((path) => !allowed.some((pattern) => pattern.test(path)))).toEqual([])
    expect(installed.filter((path) => devOnly.test(path))).toEqual([])
  })

  it('runs latch-replay from the package, with its plugins by name', async () => {
    const bin = join(dir, 'node_modules/.bin/latch-replay')
    // Each named plugin is imported from the installed package itself (latch/plugins/<name>).
    const named = await run(bin, ['--sample', '--plugins', 'eip155,api,names,siwx,embedded', '--json'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
    const parsed = JSON.parse(named.stdout) as { warnings: string[]; final: Record<string, unknown> }
    expect(parsed.warnings).toEqual([])
    expect(Object.keys(parsed.final)).toEqual(expect.arrayContaining(['walletList', 'names', 'siwx', 'embedded']))
    // all: a plugin whose optional peer this app does not have is left out, saying which package is missing.
    const all = await run(bin, ['--sample', '--plugins', 'all', '--summary'], { cwd: dir })
    const notes = all.stdout.split('\n').filter((line) => line.includes('--plugins all:'))
    for (const note of notes) expect(note).toMatch(/--plugins all: (solana|bip122|walletconnect) left out, latch\/plugins\/\1 did not load: .*(@wallet-standard\/app|sats-connect|@walletconnect\/sign-client)/)
    const unknown = await run(bin, ['--sample', '--plugins', 'evm'], { cwd: dir }).then(
      () => '',
      (error: { stderr?: string }) => error.stderr ?? '',
    )
    expect(unknown).toContain('--plugins evm: no plugin of that name; the names are eip155, api, names, swap, onramp, solana, bip122, walletconnect, embedded, siwx, all')
  }, 60_000)

  it('builds the README example with esbuild', async () => {
    const result = await build({
      absWorkingDir: dir,
      entryPoints: [...sources],
      outdir: 'out/browser',
      bundle: true,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      write: false,
    })
    expect(result.errors).toEqual([])
    expect(result.warnings).toEqual([])
  })

  it.each(['bundler', 'nodenext'] as const)('typechecks with tsc under moduleResolution %s', async (resolution) => {
    const config = {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: resolution === 'bundler' ? 'ESNext' : 'NodeNext',
        moduleResolution: resolution,
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        // Our declarations are checked too: no skipLibCheck.
        skipLibCheck: false,
        types: [],
      },
      files: [...sources],
    }
    writeFileSync(join(dir, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2))
    const result = await run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: dir }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }))
    // viem 2.0.0's own declarations do not pass today's tsc (TS2536 in its formatters): viem's, not ours.
    const errors = result.stdout.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('node_modules/viem/') && !line.startsWith(' '))
    expect(errors).toEqual([])
  }, 120_000)

  it('renders with react-dom/server in Node without throwing, with createLatch() on eip155:1', async () => {
    await build({
      absWorkingDir: dir,
      entryPoints: ['src/ssr.tsx'],
      outfile: 'out/ssr.mjs',
      bundle: true,
      format: 'esm',
      platform: 'node',
      // Node loads the installed packages itself, as a server does.
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
    })
    const { stdout } = await run(process.execPath, ['out/ssr.mjs'], { cwd: dir })
    const { html, bare } = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { html: string; bare: string }
    expect(html).toContain('<button')
    expect(bare).toBe('eip155:1')
  }, 60_000)
})
