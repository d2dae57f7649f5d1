/**
 * A Vite + React + wagmi app as its team writes it (docs/wagmi.md, docs/vite.md), run by `vite` in dev mode under
 * `<StrictMode>`: wagmi's own createConfig with Latch's connector, WagmiProvider and TanStack Query, LatchProvider
 * inside, and a component written only with wagmi's hooks. The flow every such app must pass in chromium: the
 * visitor clicks the app's Connect once, picks the wallet in Latch's modal, wagmi shows the address, signs a message
 * (viem verifies the signature), disconnects; Latch's log has no `wallet/cancelRequested` and the console no error.
 */
import type { Browser } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from '../devnet/anvil'
import { chromiumPath, hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from '../e2e/harness'
import { installedVersion, installTree, writeApp, type TreeName } from './apps'
import { chainId, runBin, startServer, walletScripts, type AppServer } from './servers'

/** The app's sources for wagmi `major` (2 or 3: wagmi 3 calls useAccount useConnection), its chain on `rpcUrl`. */
export function viteWagmiApp({ wagmi, rpcUrl }: { wagmi: 2 | 3; rpcUrl: string }): Record<string, string> {
  // wagmi 3's names (its wagmi 2 names remain, deprecated): useConnection, useConnectors, each mutation's `mutate`.
  const imports = wagmi === 3 ? 'useConnection, useConnect, useConnectors' : 'useAccount, useConnect'
  const hooks =
    wagmi === 3
      ? `const { address, isConnected } = useConnection()
  const connectors = useConnectors()
  const { mutate: connect, error } = useConnect()
  const { mutate: disconnect } = useDisconnect()
  const { mutate: signMessage, data: signature } = useSignMessage()`
      : `const { address, isConnected } = useAccount()
  const { connect, connectors, error } = useConnect()
  const { disconnect } = useDisconnect()
  const { signMessage, data: signature } = useSignMessage()`
  return {
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>wagmi ${wagmi} app</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    'vite.config.ts': `import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  cacheDir: '.vite',
  clearScreen: false,
  server: { host: '127.0.0.1', strictPort: true },
})
`,
    'tsconfig.json': JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          // Latch's declarations are checked too.
          skipLibCheck: false,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    ),
    'src/env.ts': `export const rpcUrl = ${JSON.stringify(rpcUrl)}\n`,
    'src/config.ts': `import { createLatch } from 'latch'
import { eip155, fromViemChain } from 'latch/plugins/eip155'
import { latchConnector } from 'latch/wagmi'
import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'
import { rpcUrl } from './env'

export const anvil = defineChain({
  id: ${chainId},
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

export const latch = createLatch({
  networks: [fromViemChain(anvil)],
  plugins: [eip155()],
  metadata: { name: 'wagmi ${wagmi} app', description: 'A fresh app', url: window.location.origin, icons: [] },
})

export const config = createConfig({
  chains: [anvil],
  connectors: [latchConnector(latch)],
  transports: { [anvil.id]: http(rpcUrl) },
  multiInjectedProviderDiscovery: false,
})

// The test reads Latch's log.
;(window as unknown as { latch: typeof latch }).latch = latch
`,
    'src/App.tsx': `import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { LatchProvider } from 'latch/react'
import { useState } from 'react'
import { ${imports}, useDisconnect, useSignMessage, WagmiProvider } from 'wagmi'
import { config, latch } from './config'

export function App() {
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch}>
          <Wallet />
        </LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

function Wallet() {
  ${hooks}
  const connector = connectors.find((c) => c.id === 'latch')
  if (!isConnected) {
    return (
      <div>
        <button type="button" data-testid="connect" disabled={!connector} onClick={() => connector && connect({ connector })}>
          Connect
        </button>
        {error && <p role="alert">{error.name}</p>}
      </div>
    )
  }
  return (
    <div>
      <p data-testid="address">{address}</p>
      <button type="button" data-testid="sign" onClick={() => signMessage({ message: 'Hello from a fresh app' })}>
        Sign
      </button>
      {signature && <p data-testid="signature">{signature}</p>}
      <button type="button" data-testid="disconnect" onClick={() => disconnect()}>
        Disconnect
      </button>
    </div>
  )
}
`,
    'src/main.tsx': `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
`,
  }
}

type LatchWindow = { latch: { exportLog(): { events: { type: string }[] }; getState(): { chains: { eip155: { connectorId?: string } } } } }

/** The flow, in a fresh guarded page of `browser` with the wallet's `initScripts`, on the app at `url`. */
export async function connectSignDisconnect(browser: Browser, { url, initScripts, account }: { url: string; initScripts: string[]; account: string }): Promise<void> {
  const guarded = await newGuardedPage(browser, { initScripts })
  const { page } = guarded
  try {
    await page.goto(url)
    // React's development build, as `vite` serves it: one of its pre-bundled modules is react-dom's .development.js.
    const deps = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/.vite/deps/')))
    const texts = await Promise.all(deps.map(async (dep) => (await fetch(dep)).text()))
    expect(texts.some((text) => /react-dom(-client)?\.development\.js/.test(text))).toBe(true)
    const connect = page.getByTestId('connect')
    await expect.poll(() => connect.isEnabled(), { timeout: 60_000 }).toBe(true)

    // One click on the app's Connect: wagmi's connect with Latch's connector opens the modal; the visitor picks the wallet.
    await connect.click()
    await page.locator('[data-latch-modal]').getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('address').filter({ hasText: account }).waitFor()

    // wagmi's useSignMessage, through Latch's provider to the wallet.
    await page.getByTestId('sign').click()
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    expect(await verifyMessage({ address: account as Hex, message: 'Hello from a fresh app', signature })).toBe(true)

    // wagmi's useDisconnect disconnects Latch too.
    await page.getByTestId('disconnect').click()
    await connect.waitFor()
    const { types, connectorId } = await page.evaluate(() => {
      const { latch } = window as unknown as LatchWindow
      return { types: latch.exportLog().events.map((event) => event.type), connectorId: latch.getState().chains.eip155.connectorId ?? null }
    })
    expect(connectorId).toBeNull()
    // StrictMode's mount → unmount → mount never cancels what the visitor asked for.
    expect(types.filter((type) => type === 'wallet/connectRequested')).toHaveLength(1)
    expect(types).not.toContain('wallet/cancelRequested')
    expect(types).toContain('wallet/connectSucceeded')
    expect(guarded.consoleErrors).toEqual([])
    expect(guarded.outsideRequests).toEqual([])
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await whatHappened(guarded)}`, { cause: error })
  } finally {
    await guarded.close()
  }
}

/** For a failure's message: Latch's log (event types), the modal's text and the console's errors. */
export async function whatHappened(guarded: GuardedPage): Promise<string> {
  const { page } = guarded
  const seen = await page
    .evaluate(() => {
      const latch = (window as unknown as Partial<LatchWindow>).latch
      const modal = document.querySelector('[data-latch-modal]')?.shadowRoot?.textContent ?? null
      return { log: latch?.exportLog().events.map((event) => event.type) ?? null, modal }
    })
    .catch((error: Error) => ({ log: null, modal: `(page unreadable: ${error.message})` }))
  return [`Latch's log: ${JSON.stringify(seen.log)}`, `modal: ${seen.modal}`, `console errors: ${JSON.stringify(guarded.consoleErrors)}`].join('\n')
}

/**
 * The tests of one such app (a test file's whole body): the app in `tree`, typechecked with tsc against the installed
 * declarations, then served by `vite` in dev mode and driven through the flow in chromium.
 */
export function describeViteWagmiApp({ tree: treeName, wagmi, react }: { tree: TreeName; wagmi: 2 | 3; react: 18 | 19 }): void {
  const skip = !hasChromium()
  if (skip) console.warn(`[apps e2e] SKIPPED: ${chromiumPath} is missing. Install it with \`npx tsx scripts/e2e/harness.ts ensure-chromium\` (apt-get, root).`)

  describe.skipIf(skip)(`a Vite + React ${react} + wagmi ${wagmi} app on the packed tarball, in dev mode under StrictMode`, () => {
    let tree = ''
    let app = ''
    let anvil: Anvil | undefined
    let server: AppServer | undefined
    let browser: Browser | undefined

    beforeAll(async () => {
      tree = await installTree(treeName)
      anvil = await startAnvil({ chainId })
      app = writeApp(tree, `vite-wagmi${wagmi}`, viteWagmiApp({ wagmi, rpcUrl: anvil.url }))
      browser = await launchBrowser()
    }, 900_000)

    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await anvil?.stop()
    }, 60_000)

    it(`installs wagmi ${wagmi}, @wagmi/core ${wagmi} and React ${react} beside Latch (no peer conflict)`, () => {
      expect(installedVersion(tree, 'wagmi').split('.')[0]).toBe(String(wagmi))
      expect(installedVersion(tree, '@wagmi/core').split('.')[0]).toBe(String(wagmi))
      expect(installedVersion(tree, 'react').split('.')[0]).toBe(String(react))
      expect(installedVersion(tree, 'latch')).toBeDefined()
    })

    it('typechecks with tsc (strict, skipLibCheck false: Latch\'s declarations against this wagmi)', async () => {
      const output = await runBin({ tree, cwd: app, bin: 'typescript/bin/tsc', args: ['-p', 'tsconfig.json'] }).catch((error: Error) => error.message)
      // Errors in the app's sources or in Latch's declarations; other libraries' own declarations are theirs.
      const errors = output.split('\n').filter((line) => /^(src\/|\.\.\/node_modules\/latch\/)/.test(line))
      expect(errors).toEqual([])
    }, 180_000)

    it('connects through Latch\'s modal on the first click, shows the address, signs, disconnects, with a clean console', async () => {
      server = await startServer({ tree, cwd: app, bin: 'vite/bin/vite.js', args: ['--port', '{port}'] })
      const account = anvilAccounts[0]
      await connectSignDisconnect(browser as Browser, { url: server.url, initScripts: await walletScripts((anvil as Anvil).url, account), account })
      // The dev server reported nothing wrong (a failed import, an optional peer Vite could not resolve).
      expect(server.output()).not.toMatch(/error/i)
    }, 300_000)
  })
}
