/**
 * A Next.js App Router app (React 19, tree `wagmi3` of scripts/apps/apps.ts) on the packed tarball: a `'use client'`
 * providers file creates the Latch instance, the server component app/page.tsx imports ConnectButton from latch/react
 * directly. `next build` passes; `next start` on 127.0.0.1 serves HTML whose button carries Latch's styles before any
 * JavaScript runs; a reload with a stored connection hydrates without an error (React #418) and shows the account.
 * No next/font (it would fetch fonts from Google): nothing leaves 127.0.0.1.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from '../devnet/anvil'
import { chromiumPath, hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from '../e2e/harness'
import { installTree, writeApp } from './apps'
import { chainId, runBin, startServer, walletScripts, type AppServer } from './servers'
import { whatHappened } from './vite-wagmi-app'

const skip = !hasChromium()
if (skip) console.warn(`[apps e2e] SKIPPED: ${chromiumPath} is missing. Install it with \`npx tsx scripts/e2e/harness.ts ensure-chromium\` (apt-get, root).`)

/** The app's sources, as docs/nextjs.md writes them: the root layout imports latch/styles.css and the providers. */
function nextApp({ rpcUrl }: { rpcUrl: string }): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'latch-next-app', private: true, type: 'module' }, null, 2),
    'next.config.mjs': `/** @type {import('next').NextConfig} */\nexport default { devIndicators: false }\n`,
    'tsconfig.json': JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['dom', 'dom.iterable', 'esnext'],
          allowJs: false,
          skipLibCheck: true,
          strict: true,
          noEmit: true,
          esModuleInterop: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          resolveJsonModule: true,
          isolatedModules: true,
          jsx: 'react-jsx',
          incremental: true,
          plugins: [{ name: 'next' }],
        },
        include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts', '.next/dev/types/**/*.ts'],
        exclude: ['node_modules'],
      },
      null,
      2,
    ),
    'app/env.ts': `export const rpcUrl = ${JSON.stringify(rpcUrl)}\n`,
    'app/providers.tsx': `'use client'
import { createLatch } from 'latch'
import { eip155, fromViemChain } from 'latch/plugins/eip155'
import { LatchProvider } from 'latch/react'
import type { ReactNode } from 'react'
import { defineChain } from 'viem'
import { rpcUrl } from './env'

const anvil = defineChain({
  id: ${chainId},
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

const latch = createLatch({
  networks: [fromViemChain(anvil)],
  plugins: [eip155()],
  metadata: { name: 'Next app', description: 'A fresh Next.js app', url: 'http://127.0.0.1', icons: [] },
})

// The test reads Latch's log.
if (typeof window !== 'undefined') (window as unknown as { latch: typeof latch }).latch = latch

export function Providers({ children }: { children: ReactNode }) {
  return <LatchProvider latch={latch}>{children}</LatchProvider>
}
`,
    'app/layout.tsx': `import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import 'latch/styles.css'
import { Providers } from './providers'

export const metadata: Metadata = { title: 'Latch on Next.js', icons: { icon: 'data:,' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
`,
    'app/page.tsx': `import { ConnectButton } from 'latch/react'

export default function Page() {
  return (
    <main>
      <h1>Latch on Next.js</h1>
      <ConnectButton />
    </main>
  )
}
`,
  }
}

/** The computed styles that make Latch's button Latch's. */
const styleProperties = ['background-color', 'color', 'border-radius', 'padding-top', 'padding-left', 'font-weight', 'border-top-style', 'cursor'] as const
type Styles = Record<(typeof styleProperties)[number], string>

describe.skipIf(skip)('a Next.js App Router app on the packed tarball (React 19), next build and next start', () => {
  let tree = ''
  let app = ''
  let anvil: Anvil | undefined
  let server: AppServer | undefined
  let browser: Browser | undefined
  let built: Promise<string> | undefined
  let started: Promise<AppServer> | undefined
  let guarded: GuardedPage | undefined

  beforeAll(async () => {
    tree = await installTree('wagmi3')
    anvil = await startAnvil({ chainId })
    app = writeApp(tree, 'next-app', nextApp({ rpcUrl: anvil.url }))
    browser = await launchBrowser()
  }, 900_000)

  afterAll(async () => {
    await guarded?.close()
    await browser?.close()
    await server?.stop()
    await anvil?.stop()
  }, 60_000)

  const build = () => (built ??= runBin({ tree, cwd: app, bin: 'next/dist/bin/next', args: ['build'] }))
  const start = () =>
    (started ??= build().then(async () => {
      server = await startServer({ tree, cwd: app, bin: 'next/dist/bin/next', args: ['start', '-H', '127.0.0.1', '-p', '{port}'] })
      return server
    }))

  it('next build passes with a server component importing ConnectButton from latch/react', async () => {
    await build()
  }, 600_000)

  it('next start serves the page with Latch\'s styled button before any JavaScript runs', async () => {
    const { url } = await start()
    const html = await (await fetch(url)).text()
    expect(html).toMatch(/<button[^>]*class="latch-button latch-connect"/)

    // The button's styles once the page runs, then in a chromium with JavaScript disabled: the same, and not a plain button's.
    const hydrated = await newGuardedPage(browser as Browser)
    let styled: Styles
    try {
      await hydrated.page.goto(url)
      styled = await buttonStyles(hydrated, 'button.latch-connect')
      expect(hydrated.consoleErrors).toEqual([])
    } finally {
      await hydrated.close()
    }
    const bare = await newGuardedPage(browser as Browser, { device: { javaScriptEnabled: false } })
    try {
      await bare.page.goto(url)
      expect(await bare.page.evaluate(() => typeof (window as { latch?: unknown }).latch)).toBe('undefined')
      const serverRendered = await buttonStyles(bare, 'button.latch-connect')
      await bare.page.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'plain', textContent: 'plain' })))
      const plain = await buttonStyles(bare, '#plain')
      expect(serverRendered).toEqual(styled)
      expect(serverRendered['background-color']).not.toBe(plain['background-color'])
      expect(serverRendered['border-radius']).not.toBe(plain['border-radius'])
      expect(bare.outsideRequests).toEqual([])
    } finally {
      await bare.close()
    }
  }, 600_000)

  it('a reload with a stored connection hydrates with no error and shows the account', async () => {
    const { url } = await start()
    const account = anvilAccounts[0]
    guarded = await newGuardedPage(browser as Browser, { initScripts: await walletScripts((anvil as Anvil).url, account) })
    const { page } = guarded
    try {
      await page.goto(url)
      await page.locator('button.latch-connect').click()
      await page.locator('[data-latch-modal]').getByRole('button', { name: /Latch Dev Wallet/ }).click()
      await page.locator('button.latch-account').waitFor()
      expect(guarded.consoleErrors).toEqual([])

      // The server renders Connect (it cannot know the visitor's wallet); the client's first render matches it, then shows the account.
      await page.reload()
      await page.locator('button.latch-account').waitFor()
      await page.waitForLoadState('networkidle')
      const types = await page.evaluate(() => (window as unknown as { latch: { exportLog(): { events: { type: string }[] } } }).latch.exportLog().events.map((event) => event.type))
      expect(types).not.toContain('wallet/cancelRequested')
      expect(guarded.consoleErrors).toEqual([])
      expect(guarded.outsideRequests).toEqual([])
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${await whatHappened(guarded)}`, { cause: error })
    }
  }, 300_000)
})

async function buttonStyles(guarded: GuardedPage, selector: string): Promise<Styles> {
  const button = guarded.page.locator(selector)
  await button.waitFor()
  return button.evaluate((element, properties) => {
    // At rest (a transition or animation finished), colours as sRGB bytes: chromium may spell one colour in several spaces.
    for (const animation of element.getAnimations()) animation.finish()
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
    const rgb = (colour: string) => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = colour
      context.fillRect(0, 0, 1, 1)
      return [...context.getImageData(0, 0, 1, 1).data].join(',')
    }
    const computed = getComputedStyle(element)
    return Object.fromEntries(
      properties.map((property) => {
        const value = computed.getPropertyValue(property)
        return [property, property.endsWith('color') ? rgb(value) : value]
      }),
    ) as Styles
  }, styleProperties as unknown as string[])
}
