/**
 * The on-ramp provider simulator of the local stack (docs/behaviour.md, "The on-ramp routes"): the provider's hosted
 * checkout, on 127.0.0.1 at its own port (another origin than the provider API, as a real provider's is).
 *
 * - GET /checkout?sessionToken=… takes the token from the desk it shares with the API (onramp-routes.ts) — single use:
 *   a replayed, expired or unknown token answers 410 — and shows the purchase from the token's bound values only, with
 *   a test card form. The page's state from then on lives server-side under a random checkout id the form carries.
 * - POST /checkout/pay (a plain form POST): test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined; the
 *   limits are checked again. A payment sends the asset from the provider's funded account (anvil's dev account 8,
 *   which nothing else in the stack or the tests uses) to the address, waits for the receipt, records the purchase on
 *   the desk (pending, then confirmed; failed for a decline) and redirects to GET /purchase/{id}, its result page.
 * - No script at all: CSP `default-src 'none'; style-src 'self'; form-action 'self'`, the stylesheet at /checkout.css.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem'
import { z } from 'zod'
import { formatFiat, formatUnits, limitRefusal, onrampProviders, onrampQuote, purchaseAssets, type OnrampNumbers } from './onramp-rules'
import type { OnrampDesk, OnrampSession } from './onramp-routes'
import { listenOnLoopback } from './serve'
import type { DemoToken } from './tokens'
import { creditDemoToken } from './uniswap'

/** The provider's funded account: anvil's dev account 8 (unlocked; the mnemonic "test test … junk"), used by nothing else. */
export const onrampProviderAccount = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' as const
/** What the provider holds of each demo token beyond a dev account's share, credited when the simulator starts (whole tokens). */
export const onrampProviderStock = 10_000_000n

/** The test cards the checkout shows: one pays, one is declined. */
export const onrampTestCards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const

export type OnrampProviderOptions = {
  desk: OnrampDesk
  /** The stack's anvils: where purchases are sent. */
  chains: readonly { chainId: number; url: string }[]
  tokens: readonly DemoToken[]
  port?: number
  /** Credit the provider's account with the demo tokens on every chain at start (default true). */
  fund?: boolean
}

export type OnrampProvider = { url: string; stop(): Promise<void> }

const expiredText = 'This checkout link has expired or was already used.'
const declinedText = 'Your card was declined.'
const csp = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

type Page = { status: number; body: string; type?: string; location?: string }

const payForm = z.object({
  checkoutId: z.string().max(64),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
})

/** Starts the simulator on 127.0.0.1 (a free port unless `port` is given), first crediting its account with demo tokens. */
export async function startOnrampProvider(options: OnrampProviderOptions): Promise<OnrampProvider> {
  if (options.fund !== false) {
    for (const chain of options.chains)
      for (const token of options.tokens) await creditDemoToken(chain.url, token.address, onrampProviderAccount, onrampProviderStock * 10n ** BigInt(token.decimals))
  }
  // Failures other than a decline, by purchase id (the page says the card was not charged).
  const undelivered = new Set<string>()
  // Sends from the one account go one at a time, so two purchases never take the same nonce.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job)
    queue = run.catch(() => undefined)
    return run
  }

  const send = (session: OnrampSession, units: bigint): Promise<Hex> =>
    serial(async () => {
      const chain = options.chains.find((c) => c.chainId === session.chainId)
      if (!chain) throw new Error(`no chain ${session.chainId}`)
      const wallet = createWalletClient({ transport: http(chain.url) })
      const token = options.tokens.find((t) => t.symbol === session.asset)
      const hash =
        session.asset === 'ETH'
          ? await wallet.sendTransaction({ account: onrampProviderAccount, to: session.address, value: units, chain: null })
          : await wallet.writeContract({ account: onrampProviderAccount, address: token!.address, abi: erc20Abi, functionName: 'transfer', args: [session.address, units], chain: null })
      const receipt = await createPublicClient({ transport: http(chain.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 })
      if (receipt.status !== 'success') throw new Error(`transfer reverted: ${hash}`)
      return hash
    })

  async function pay(fields: Record<string, string>): Promise<Page> {
    const parsed = payForm.safeParse(fields)
    if (!parsed.success) return page(400, 'Checkout', message('The payment form was incomplete.'))
    const { checkoutId } = parsed.data
    const session = await options.desk.takeCheckout(checkoutId)
    if (!session) return page(410, 'Checkout', message(expiredText))
    const refusal = limitRefusal(BigInt(session.cents), session.method, session.currency)
    if (refusal) return page(400, 'Checkout', message(refusal.message))
    const card = parsed.data.cardNumber.replace(/[\s-]/g, '')
    const problem = cardProblem(card, parsed.data.expiry, parsed.data.cvc, options.desk.now())
    if (problem) {
      await options.desk.returnCheckout(checkoutId, session)
      return checkoutPage(session, checkoutId, problem, 400)
    }
    const numbers = quoteOf(session)
    const id = `buy_${randomBytes(16).toString('base64url')}`
    const purchase = {
      id,
      provider: session.provider,
      address: session.address,
      chainId: session.chainId,
      asset: session.asset,
      numeric: formatUnits(numbers.purchase, purchaseAssets[session.asset].decimals),
      at: options.desk.now(),
    }
    if (card === onrampTestCards.declined.replaceAll(' ', '')) {
      options.desk.record({ ...purchase, status: 'failed' })
    } else {
      options.desk.record({ ...purchase, status: 'pending' })
      try {
        const hash = await send(session, numbers.purchase)
        options.desk.update(id, { status: 'confirmed', hash })
      } catch {
        undelivered.add(id)
        options.desk.update(id, { status: 'failed' })
      }
    }
    return { status: 303, body: '', location: `/purchase/${id}` }
  }

  function result(id: string): Page {
    const purchase = options.desk.purchase(id)
    if (!purchase) return page(404, 'Purchase', message('No such purchase.'))
    const provider = onrampProviders[purchase.provider].name
    const rows = [
      ['Amount', `${purchase.numeric} ${purchase.asset}`],
      ['Network', `eip155:${purchase.chainId}`],
      ['To', purchase.address],
      ['Provider', provider],
    ]
    if (purchase.status === 'confirmed')
      return page(200, 'Purchase complete', `<h1>Purchase complete</h1><p class="lead">${esc(purchase.numeric)} ${esc(purchase.asset)} is on its way to your wallet.</p>${list([...rows, ['Transaction', purchase.hash ?? '']])}<p class="note">You can close this window.</p>`)
    if (purchase.status === 'pending') return page(200, 'Processing', `<h1>Processing your purchase…</h1>${list(rows)}`, '<meta http-equiv="refresh" content="1">')
    const why = undelivered.has(id) ? 'The purchase did not go through. Your card was not charged.' : declinedText
    return page(200, 'Payment failed', `<h1>Payment failed</h1><p class="error" role="alert">${esc(why)}</p>${list(rows)}<p class="note">Close this window and start again from your wallet.</p>`)
  }

  const server = createServer((req, res) => {
    void handle(req)
      .catch((): Page => page(500, 'Error', message('Something went wrong.')))
      .then((answer) => reply(res, answer))
  })

  async function handle(req: IncomingMessage): Promise<Page> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    if (url.pathname === '/checkout.css' && method === 'GET') return { status: 200, body: stylesheet, type: 'text/css; charset=utf-8' }
    if (url.pathname === '/checkout' && method === 'GET') {
      const token = url.searchParams.get('sessionToken')
      if (!token) return page(400, 'Checkout', message('This checkout link is incomplete.'))
      const session = await options.desk.takeSession(token)
      if (!session) return page(410, 'Checkout', message(expiredText))
      const refusal = limitRefusal(BigInt(session.cents), session.method, session.currency)
      if (refusal) return page(400, 'Checkout', message(refusal.message))
      return checkoutPage(session, await options.desk.openCheckout(session))
    }
    if (url.pathname === '/checkout/pay' && method === 'POST') {
      const body = await readForm(req)
      return body ? pay(body) : page(413, 'Checkout', message('The form was too large.'))
    }
    const bought = /^\/purchase\/(buy_[A-Za-z0-9_-]{22})$/.exec(url.pathname)
    if (bought && method === 'GET') return result(bought[1]!)
    return page(404, 'Not found', message('No such page.'))
  }

  const { url, stop } = await listenOnLoopback(server, options.port)
  return { url, stop }
}

function quoteOf(session: OnrampSession): OnrampNumbers {
  return onrampQuote(BigInt(session.cents), session.provider, session.currency, session.asset)
}

/** What is wrong with the card fields, or undefined: a test card, an expiry month not past, a CVC of 3 or 4 digits. */
function cardProblem(card: string, expiry: string, cvc: string, now: number): string | undefined {
  if (!/^\d{12,19}$/.test(card)) return 'Enter the card number.'
  if (![onrampTestCards.success, onrampTestCards.declined].some((c) => c.replaceAll(' ', '') === card)) return 'This is a test checkout: use one of the test cards shown above.'
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry)
  const month = Number(match?.[1])
  if (!match || month < 1 || month > 12) return 'Enter the expiry date as MM/YY.'
  const today = new Date(now)
  const year = 2000 + Number(match[2])
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) return 'This card has expired.'
  if (!/^\d{3,4}$/.test(cvc.trim())) return 'Enter the 3 or 4 digit security code.'
  return undefined
}

function checkoutPage(session: OnrampSession, checkoutId: string, error?: string, status = 200): Page {
  const n = quoteOf(session)
  const provider = onrampProviders[session.provider].name
  const cur = session.currency
  const asset = purchaseAssets[session.asset]
  const method = session.method === 'card' ? 'Card' : 'Bank transfer (paid by card in this test checkout)'
  const summary = list([
    ['You get', `${formatUnits(n.purchase, asset.decimals)} ${session.asset}`],
    ['Network', session.network],
    ['To', session.address],
    ['Subtotal', `${formatFiat(n.subtotal, true)} ${cur}`],
    [`${provider} fee`, `${formatFiat(n.fee, true)} ${cur}`],
    ['Network fee', `${formatFiat(n.networkFee, true)} ${cur}`],
    ['Total', `${formatFiat(n.total, true)} ${cur}`],
    ['Payment method', method],
  ])
  const body = `
<h1>Buy ${esc(asset.name)}</h1>
<p class="lead">${esc(provider)} · secure test checkout</p>
${summary}
<form method="post" action="/checkout/pay" autocomplete="off">
  <input type="hidden" name="checkoutId" value="${esc(checkoutId)}">
  ${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required maxlength="23">
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required maxlength="4"></div>
  </div>
  <button type="submit">Pay ${esc(formatFiat(n.total, true))} ${esc(cur)}</button>
</form>
<aside class="cards" aria-label="Test cards">
  <h2>Test cards</h2>
  <p><code>${onrampTestCards.success}</code> succeeds</p>
  <p><code>${onrampTestCards.declined}</code> is declined</p>
  <p>Any expiry date not in the past, any 3-digit CVC.</p>
</aside>`
  return page(status, `Pay ${provider}`, body)
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
const message = (text: string) => `<h1>Checkout</h1><p class="error" role="alert">${esc(text)}</p>`
const list = (rows: string[][]) => `<dl class="summary">${rows.map(([k, v]) => `<div><dt>${esc(k!)}</dt><dd>${esc(v!)}</dd></div>`).join('')}</dl>`

function page(status: number, title: string, body: string, head = ''): Page {
  return {
    status,
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="/checkout.css">${head}</head><body><main class="checkout">${body}</main></body></html>`,
  }
}

function reply(res: ServerResponse, answer: Page): void {
  const headers: Record<string, string> = {
    'content-type': answer.type ?? 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    // The checkout URL carries the session token: it is never sent on as a referrer.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }
  if (answer.location) headers.location = answer.location
  res.writeHead(answer.status, headers)
  res.end(answer.body)
}

/** A urlencoded form body (at most 8 KB), or undefined when larger. */
function readForm(req: IncomingMessage): Promise<Record<string, string> | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= 8192) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > 8192 ? undefined : Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))))
    req.on('error', reject)
  })
}

const stylesheet = `
:root { color-scheme: light; --ink: #1a1f36; --muted: #5c6478; --line: #e3e8ee; --accent: #3b5bdb; --error: #b42318; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f6f8fb; color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; display: flex; justify-content: center; align-items: flex-start; }
.checkout { width: 100%; max-width: 440px; margin: 32px 16px; padding: 28px; background: #fff; border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 6px 24px rgba(26, 31, 54, 0.08); }
h1 { margin: 0 0 4px; font-size: 22px; }
h2 { margin: 0 0 6px; font-size: 14px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
.lead { margin: 0 0 20px; color: var(--muted); }
.summary { margin: 0 0 20px; padding: 12px 16px; border: 1px solid var(--line); border-radius: 8px; background: #fbfcfe; }
.summary div { display: flex; justify-content: space-between; gap: 16px; padding: 4px 0; }
.summary dt { color: var(--muted); flex: none; }
.summary dd { margin: 0; text-align: right; word-break: break-all; font-variant-numeric: tabular-nums; }
label { display: block; margin: 12px 0 4px; font-weight: 600; font-size: 14px; }
input { width: 100%; padding: 10px 12px; border: 1px solid #c9d1dc; border-radius: 6px; font: inherit; color: inherit; }
input:focus { outline: 2px solid var(--accent); outline-offset: 1px; border-color: var(--accent); }
.row { display: flex; gap: 12px; }
.row > div { flex: 1; }
button { width: 100%; margin-top: 20px; padding: 12px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button:hover { background: #2f4bc0; }
.error { margin: 12px 0; padding: 10px 12px; border-radius: 6px; background: #fef3f2; color: var(--error); }
.cards { margin-top: 24px; padding: 12px 16px; border: 1px dashed #c9d1dc; border-radius: 8px; font-size: 14px; }
.cards p { margin: 2px 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.note { color: var(--muted); font-size: 14px; }
`
