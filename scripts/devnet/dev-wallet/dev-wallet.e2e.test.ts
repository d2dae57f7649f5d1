/**
 * The dev wallet in real chromium (playwright-core), against two anvils, on a page served
 * with the demo's strict CSP. Skipped only when /usr/bin/chromium is absent.
 */
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from '../../e2e/harness'
import { anvilAccounts } from '../anvil'
import { startStaticServer, type StaticServer } from '../serve'
import { startStack, type Stack } from '../stack'

const skip = !hasChromium()
if (skip) console.warn(`[dev-wallet e2e] SKIPPED: ${chromiumPath} is missing. Install it with \`npx tsx scripts/e2e/harness.ts ensure-chromium\` (apt-get, root).`)

// Page-side helpers, served as a file (the CSP forbids inline scripts). Hostile CSS checks the prompt's isolation.
const pageJs = `
window.latchTest = { providers: [], events: [] }
window.addEventListener('eip6963:announceProvider', (event) => {
  const { info, provider } = event.detail
  window.latchTest.providers.push(event.detail)
  if (window.latchTest.providers.length === 1) {
    for (const name of ['accountsChanged', 'chainChanged', 'connect']) provider.on(name, (value) => window.latchTest.events.push([name, value]))
  }
})
window.dispatchEvent(new Event('eip6963:requestProvider'))
`
const hostileCss = `* { color: red !important; font: 30px serif !important; } button { display: none !important; } pre { background: lime !important; }`
const testHtml = `<!doctype html><html><head><meta charset="utf-8"><title>dev wallet test</title><link rel="stylesheet" href="/hostile.css">
<script src="/dev-wallet.js"></script><script src="/page.js"></script></head><body><h1>Test page</h1><button id="page-button">page button</button></body></html>`
const cleanHtml = `<!doctype html><html><head><meta charset="utf-8"><title>Latch demo</title><link rel="stylesheet" href="/clean.css"></head>
<body><main><h1>Latch demo dapp</h1><p>A page behind the dev wallet's prompt.</p><button>Connect wallet</button></main></body></html>`
const cleanCss = `body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f6f7fb; color: #111827; }
main { max-width: 640px; margin: 64px auto; padding: 32px; background: #fff; border-radius: 16px; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
button { font: inherit; padding: 10px 16px; border-radius: 10px; border: 0; background: #4f46e5; color: #fff; }`

type Outcome = { result?: unknown; error?: { code: number; message: string } }
type TestWindow = { latchTest: { providers: { info: Record<string, string>; provider: { request(a: unknown): Promise<unknown> } }[]; events: [string, unknown][] } }

/** Sends a request through the EIP-6963-discovered provider; never throws (errors come back as data). */
function call(page: Page, method: string, params?: unknown): Promise<Outcome> {
  return page.evaluate(
    async ([method, params]) => {
      const { provider } = (window as unknown as TestWindow).latchTest.providers[0]!
      try {
        return { result: await provider.request(params === undefined ? { method } : { method, params }) }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { error: { code, message } }
      }
    },
    [method, params] as const,
  )
}

/** Sends a request, waits for the prompt, clicks Approve or Reject, and returns the outcome. */
async function answered(page: Page, button: 'approve' | 'reject', method: string, params?: unknown): Promise<Outcome & { text: string }> {
  const pending = call(page, method, params)
  const prompt = page.getByTestId('dev-wallet-prompt')
  await prompt.waitFor({ state: 'visible' })
  const text = await prompt.innerText()
  await page.getByTestId(`dev-wallet-${button}`).click()
  return { ...(await pending), text }
}

const events = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).latchTest.events)

describe.skipIf(skip)('dev wallet in chromium', () => {
  let stack: Stack
  let server: StaticServer
  let browser: Browser
  let guarded: GuardedPage
  let page: Page
  const account = anvilAccounts[0]

  beforeAll(async () => {
    stack = await startStack()
    server = await startStaticServer({
      files: {
        '/': { body: testHtml, type: 'text/html; charset=utf-8' },
        '/clean.html': { body: cleanHtml, type: 'text/html; charset=utf-8' },
        '/dev-wallet.js': { body: stack.devWalletJs, type: 'text/javascript; charset=utf-8' },
        '/page.js': { body: pageJs, type: 'text/javascript; charset=utf-8' },
        '/hostile.css': { body: hostileCss, type: 'text/css; charset=utf-8' },
        '/clean.css': { body: cleanCss, type: 'text/css; charset=utf-8' },
      },
    })
    browser = await launchBrowser()
    guarded = await newGuardedPage(browser)
    page = guarded.page
    await page.goto(`${server.url}/`)
  }, 60_000)

  afterAll(async () => {
    await guarded?.close()
    await browser?.close()
    await server?.stop()
    await stack?.stop()
  })

  it('is discovered through EIP-6963 and answers every requestProvider; sets window.ethereum', async () => {
    const discovered = await page.evaluate(() => {
      const { providers } = (window as unknown as TestWindow).latchTest
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const first = providers[0]!
      return { count: providers.length, info: first.info, same: (window as unknown as { ethereum: unknown }).ethereum === first.provider, sameAgain: providers[1]?.provider === first.provider }
    })
    expect(discovered).toMatchObject({ count: 2, same: true, sameAgain: true, info: { name: 'Latch Dev Wallet', rdns: 'dev.latch.wallet' } })
    expect(discovered.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(discovered.info.icon).toMatch(/^data:image\/svg\+xml[;,]/)
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await call(page, 'net_version')).toEqual({ result: '31337' })
  })

  it('refuses to sign before the site is authorised (4100) and lists no accounts', async () => {
    expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
    expect((await call(page, 'personal_sign', ['0x68656c6c6f', account])).error?.code).toBe(4100)
  })

  it('asks "Connect to <origin>?": Reject gives 4001, Approve returns the account', async () => {
    const refused = await answered(page, 'reject', 'eth_requestAccounts')
    expect(refused.text).toContain(`Connect to ${server.url}?`)
    expect(refused.error).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)
    const approved = await answered(page, 'approve', 'eth_requestAccounts')
    expect(approved.result).toEqual([account])
    expect(await call(page, 'eth_accounts')).toEqual({ result: [account] })
    expect(await events(page)).toContainEqual(['accountsChanged', [account]])
  })

  it('keeps its prompt isolated from the page CSS, and its CSS out of the page', async () => {
    const pending = call(page, 'personal_sign', ['0x6869', account])
    const approve = page.getByTestId('dev-wallet-approve')
    await approve.waitFor({ state: 'visible' })
    expect(await approve.evaluate((button) => getComputedStyle(button).color)).toBe('rgb(255, 255, 255)')
    expect(await page.locator('#page-button').isVisible()).toBe(false)
    await page.getByTestId('dev-wallet-reject').click()
    expect((await pending).error?.code).toBe(4001)
  })

  it('signs a message the user approved (verified with viem)', async () => {
    const message = 'Sign in to Latch demo\nNonce: 42'
    const signed = await answered(page, 'approve', 'personal_sign', [`0x${Buffer.from(message).toString('hex')}`, account])
    expect(signed.text).toContain('Nonce: 42')
    expect(await verifyMessage({ address: account, message, signature: signed.result as Hex })).toBe(true)
  })

  it('signs typed data (eth_signTypedData_v4, verified with viem)', async () => {
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signed = await answered(page, 'approve', 'eth_signTypedData_v4', [account, JSON.stringify(typed)])
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address: account, domain: typed.domain, types, primaryType: 'Greeting', message: typed.message, signature: signed.result as Hex })).toBe(true)
  })

  it('sends a transaction that is mined on the current anvil', async () => {
    const to = anvilAccounts[1]
    const sent = await answered(page, 'approve', 'eth_sendTransaction', [{ from: account, to, value: `0x${parseEther('1.5').toString(16)}` }])
    expect(sent.text).toMatch(/Value\s+1\.5 ETH/)
    const client = createPublicClient({ transport: http(stack.chains[0]!.url) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.result as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
  })

  it('sends an approved two-call batch (EIP-5792) that lands in order; wallet_getCallsStatus reports it', async () => {
    const [to1, to2] = [anvilAccounts[1], anvilAccounts[2]]
    const client = createPublicClient({ transport: http(stack.chains[0]!.url) })
    const before = await Promise.all([client.getBalance({ address: to1 }), client.getBalance({ address: to2 })])
    const batch = { version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: true, calls: [{ to: to1, value: '0x1' }, { to: to2, value: '0x2' }] }
    const refused = await answered(page, 'reject', 'wallet_sendCalls', [batch])
    expect(refused.error?.code).toBe(4001)
    const sent = await answered(page, 'approve', 'wallet_sendCalls', [batch])
    expect(sent.text).toContain('Send 2 calls on Anvil?')
    const { id } = sent.result as { id: string }
    const status = (await call(page, 'wallet_getCallsStatus', [id])).result as { status: number; atomic: boolean; receipts: { transactionHash: Hex; blockNumber: string }[] }
    expect(status).toMatchObject({ id, chainId: '0x7a69', status: 200, atomic: true })
    const transactions = await Promise.all(status.receipts.map((r) => client.getTransaction({ hash: r.transactionHash })))
    expect(transactions.map((t) => [t.to, t.value])).toEqual([[to1.toLowerCase(), 1n], [to2.toLowerCase(), 2n]])
    expect(Number(status.receipts[1]!.blockNumber)).toBeGreaterThan(Number(status.receipts[0]!.blockNumber))
    expect([await client.getBalance({ address: to1 }), await client.getBalance({ address: to2 })]).toEqual([before[0] + 1n, before[1] + 2n])
  })

  it('switches between the two anvils with chainChanged; refuses unknown chains (4902) and outside RPC URLs', async () => {
    // A listener removed with removeListener hears nothing.
    await page.evaluate(() => {
      const { provider } = (window as unknown as TestWindow).latchTest.providers[0]! as unknown as { provider: { on: Function; removeListener: Function } }
      const removed = () => (window as unknown as TestWindow).latchTest.events.push(['removed listener called', null])
      provider.on('chainChanged', removed)
      provider.removeListener('chainChanged', removed)
    })
    // A switch is asked first: declined, the chain stays; approved, it moves.
    const declined = await answered(page, 'reject', 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(declined.error?.code).toBe(4001)
    expect(declined.text).toContain('Switch to Anvil 2?')
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await answered(page, 'approve', 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toMatchObject({ result: null })
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    expect(await events(page)).toContainEqual(['chainChanged', '0x7a6a'])
    expect((await events(page)).map(([name]) => name)).not.toContain('removed listener called')
    // Forwarded calls go to the current chain's anvil: its latest block is the second chain's, not the first's.
    const block = (await call(page, 'eth_getBlockByNumber', ['latest', false])).result as { hash: string }
    const second = await createPublicClient({ transport: http(stack.chains[1]!.url) }).getBlock()
    const first = await createPublicClient({ transport: http(stack.chains[0]!.url) }).getBlock()
    expect(block.hash).toBe(second.hash)
    expect(block.hash).not.toBe(first.hash)
    expect((await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).error?.code).toBe(4902)
    const outside = await call(page, 'wallet_addEthereumChain', [{ chainId: '0x1', chainName: 'Mainnet', rpcUrls: ['https://eth.example'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }])
    expect(outside.error?.code).toBe(-32602)
    const atomic = { atomic: { status: 'supported' } }
    expect(await call(page, 'wallet_getCapabilities', [account])).toEqual({ result: { '0x7a69': atomic, '0x7a6a': atomic } })
  })

  it('remembers the authorisation and the chain across a reload, without a prompt', async () => {
    await page.reload()
    await page.waitForFunction(() => (window as unknown as TestWindow).latchTest?.providers.length > 0)
    expect(await call(page, 'eth_accounts')).toEqual({ result: [account] })
    expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [account] })
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)
  })

  it('queues concurrent requests one prompt at a time', async () => {
    const first = call(page, 'personal_sign', ['0x01', account])
    await page.getByTestId('dev-wallet-prompt').waitFor()
    const second = call(page, 'personal_sign', ['0x02', account])
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('1 of 2')
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(1)
    await page.getByTestId('dev-wallet-reject').click()
    expect((await first).error?.code).toBe(4001)
    await page.getByTestId('dev-wallet-approve').click()
    expect(typeof (await second).result).toBe('string')
  })

  it('answers without a prompt when the automation flag is set', async () => {
    await page.evaluate(() => localStorage.setItem('latch-dev-wallet:auto', 'approve'))
    expect(typeof (await call(page, 'personal_sign', ['0x03', account])).result).toBe('string')
    await page.evaluate(() => localStorage.setItem('latch-dev-wallet:auto', 'reject'))
    expect((await call(page, 'personal_sign', ['0x03', account])).error?.code).toBe(4001)
    await page.evaluate(() => localStorage.removeItem('latch-dev-wallet:auto'))
  })

  it('forgets the site on wallet_revokePermissions', async () => {
    expect(await call(page, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({ result: null })
    expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await events(page)).toContainEqual(['accountsChanged', []])
  })

  it('works as an init script too, and its prompt looks tidy (screenshot in /tmp/dev-wallet-prompt.png)', async () => {
    const clean = await newGuardedPage(browser, { initScripts: [stack.devWalletJs] })
    try {
      await clean.page.goto(`${server.url}/clean.html`)
      const pending = clean.page.evaluate(() =>
        (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum.request({ method: 'eth_requestAccounts' }),
      )
      await clean.page.getByTestId('dev-wallet-prompt').waitFor()
      await clean.page.waitForTimeout(250) // let the entry animation finish
      await clean.page.screenshot({ path: '/tmp/dev-wallet-prompt.png' })
      await clean.page.getByTestId('dev-wallet-approve').click()
      expect(await pending).toEqual([account])
      expect(clean.outsideRequests).toEqual([])
      expect(clean.consoleErrors).toEqual([])
    } finally {
      await clean.close()
    }
  })

  it('made no request outside 127.0.0.1 and logged no console error', () => {
    expect(guarded.outsideRequests).toEqual([])
    expect(guarded.consoleErrors).toEqual([])
  })
})
