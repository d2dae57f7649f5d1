/**
 * The WalletConnect dev wallet's page for a person (`npm start`): paste a dapp's `wc:` URI to pair, then approve or
 * reject the session proposal and each request on the page (the same card as the other dev wallets' prompts,
 * scripts/devnet/dev-wallet/prompt-style.ts), see the open sessions, disconnect one. Plain HTML forms on 127.0.0.1; one
 * small script of its own reloads the page when an ask arrives (an EventSource on /events), unless a URI is being typed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as z from 'zod'
import { readableMessage } from '../dev-wallet/format'
import { devWalletIcon } from '../dev-wallet/icon'
import { promptCss } from '../dev-wallet/prompt-style'
import type { WalletAsk, WcWallet } from './wallet'
import { escapeHtml, readFormBody } from '../page-helpers'

export type WalletPage = { url: string; stop(): Promise<void> }

/** One ask waiting for the person. */
type Pending = { id: number; ask: WalletAsk; resolve(approved: boolean): void }

/** The asks the page shows, in order; `decide` is the wallet's `decide` (scripts/devnet/wc-wallet/wallet.ts). */
export type WalletPrompts = {
  decide(ask: WalletAsk): Promise<boolean>
  pending(): readonly { id: number; ask: WalletAsk }[]
  /** Answers the ask `id`; false when there is no such ask (answered already). */
  answer(id: number, approved: boolean): boolean
  /** Called on every change of the list; returns the unsubscribe. */
  watch(listener: () => void): () => void
}

export function createWalletPrompts(): WalletPrompts {
  const queue: Pending[] = []
  const listeners = new Set<() => void>()
  let next = 1
  const changed = () => listeners.forEach((listener) => listener())
  return {
    decide: (ask) =>
      new Promise<boolean>((resolve) => {
        queue.push({ id: next++, ask, resolve })
        changed()
      }),
    pending: () => queue.map(({ id, ask }) => ({ id, ask })),
    answer(id, approved) {
      const at = queue.findIndex((p) => p.id === id)
      if (at < 0) return false
      const [pending] = queue.splice(at, 1)
      pending!.resolve(approved)
      changed()
      return true
    },
    watch(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const pairForm = z.object({ uri: z.string().trim().regex(/^wc:[0-9a-f]+@2\?/, 'a WalletConnect v2 URI (wc:…@2?…)') })
const disconnectForm = z.object({ topic: z.string().regex(/^[0-9a-f]+$/) })
const answerForm = z.object({ id: z.coerce.number().int().positive(), answer: z.enum(['approve', 'reject']) })

const csp = "default-src 'none'; form-action 'self'; style-src 'unsafe-inline'; img-src data:; script-src 'self'; connect-src 'self'"

/** Reloads on a change of the asks, unless the visitor is typing a URI (the form would lose it). */
const pageScript = `new EventSource('/events').onmessage = () => {
  const uri = document.querySelector('textarea')
  if (!uri || !uri.value) location.reload()
}
`

export async function startWalletPage(wallet: WcWallet, prompts: WalletPrompts = createWalletPrompts(), port = 0): Promise<WalletPage> {
  const state: State = { wallet, prompts, notice: '' }
  const streams = new Set<ServerResponse>()
  const unwatch = prompts.watch(() => streams.forEach((stream) => stream.write('data: changed\n\n')))
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      response.write(': open\n\n')
      streams.add(response)
      request.on('close', () => streams.delete(response))
      return
    }
    void route(state, request, response).catch((error: unknown) => send(response, state, 500, `<p class="notice error">${escapeHtml(String(error))}</p>`))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        unwatch()
        for (const stream of streams) stream.end()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

type State = { wallet: WcWallet; prompts: WalletPrompts; notice: string; pairing?: Promise<void> }

async function route(state: State, request: IncomingMessage, response: ServerResponse): Promise<void> {
  // The last outcome stays shown until the next (the page also reloads by itself when an ask comes or goes).
  if (request.method === 'GET' && request.url === '/') return send(response, state, 200, state.notice)
  if (request.method === 'GET' && request.url === '/page.js') {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
    return void response.end(pageScript)
  }
  if (request.method !== 'POST') return send(response, state, 404, '<p class="notice error">Not found.</p>')
  const form = Object.fromEntries(new URLSearchParams(await readFormBody(request)))
  if (request.url === '/pair') {
    const parsed = pairForm.safeParse(form)
    if (!parsed.success) return send(response, state, 400, `<p class="notice error">Paste ${escapeHtml(parsed.error.issues[0]?.message ?? 'a wc: URI')}.</p>`)
    // The proposal comes to the page to be answered: the page shows once it is there, or once the pairing ended without one.
    let stop = () => {}
    const asked = new Promise<void>((resolve) => (stop = state.prompts.watch(resolve)))
    const pairing = state.wallet.pair(parsed.data.uri).then(
      (session) => void (state.notice = session ? `<p class="notice ok">Connected: session ${escapeHtml(session.topic.slice(0, 12))}…</p>` : '<p class="notice error">The proposal was rejected.</p>'),
      (error: unknown) => void (state.notice = `<p class="notice error">${escapeHtml(String((error as Error)?.message ?? error))}</p>`),
    )
    state.pairing = pairing
    await Promise.race([asked, pairing]).finally(stop)
    return redirect(response)
  }
  if (request.url === '/answer') {
    const parsed = answerForm.safeParse(form)
    const ask = parsed.success ? state.prompts.pending().find((p) => p.id === parsed.data.id)?.ask : undefined
    if (!parsed.success || !ask) return send(response, state, 400, '<p class="notice error">That request was answered already.</p>')
    state.prompts.answer(parsed.data.id, parsed.data.answer === 'approve')
    // A session shows in the list once the wallet approved it (a round trip over the relay).
    if (ask.kind === 'session') await state.pairing
    else state.notice = `<p class="notice ${parsed.data.answer === 'approve' ? 'ok' : ''}">${parsed.data.answer === 'approve' ? 'Approved' : 'Rejected'}: ${escapeHtml(ask.method)}</p>`
    return redirect(response)
  }
  if (request.url === '/disconnect') {
    const parsed = disconnectForm.safeParse(form)
    if (!parsed.success) return send(response, state, 400, '<p class="notice error">No such session.</p>')
    await state.wallet.disconnect(parsed.data.topic)
    state.notice = '<p class="notice">Disconnected.</p>'
    return redirect(response)
  }
  send(response, state, 404, '<p class="notice error">Not found.</p>')
}

/** After a form: back to the page (a reload does not post again). */
function redirect(response: ServerResponse): void {
  response.writeHead(303, { location: '/', 'content-security-policy': csp })
  response.end()
}

function send(response: ServerResponse, state: State, status: number, notice: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-store' })
  response.end(page(state, notice))
}

const name = 'Latch Dev Wallet (WalletConnect)'

/** What an ask reads as on its card: a title, label/value rows, details, and the chain it is on. */
function describe(ask: WalletAsk): { title: string; rows: [string, string][]; details?: string; chain: string } {
  if (ask.kind === 'session') return { title: `Connect to ${ask.dapp}?`, rows: ask.chains.map((chain) => ['Chain', chain]), chain: 'Session proposal' }
  const params = Array.isArray(ask.params) ? (ask.params as unknown[]) : [ask.params]
  const json = JSON.stringify(ask.params, null, 2)
  switch (ask.method) {
    case 'personal_sign':
      return { title: 'Sign this message?', rows: [['Account', String(params[1])]], details: readableMessage(params[0]), chain: ask.chainId }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as Record<string, unknown>
      return { title: 'Send a transaction?', rows: [['From', String(tx.from)], ['To', String(tx.to ?? 'new contract')], ['Value', String(tx.value ?? '0x0')]], details: json, chain: ask.chainId }
    }
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain':
      return { title: `Switch to ${String((params[0] as { chainId?: unknown } | undefined)?.chainId)}?`, rows: [], chain: ask.chainId }
    default:
      return { title: `${ask.method}?`, rows: [], details: json, chain: ask.chainId }
  }
}

function card(pending: readonly { id: number; ask: WalletAsk }[]): string {
  const first = pending[0]
  if (!first) return ''
  const { title, rows, details, chain } = describe(first.ask)
  const queue = pending.length > 1 ? `<span class="queue">1 of ${pending.length}</span>` : ''
  const list = rows.length ? `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd title="${escapeHtml(value)}">${escapeHtml(value)}</dd>`).join('')}</dl>` : ''
  const button = (answer: 'approve' | 'reject', text: string) =>
    `<form method="post" action="/answer"><input type="hidden" name="id" value="${first.id}"><input type="hidden" name="answer" value="${answer}"><button class="${answer}" data-testid="wc-wallet-${answer}">${text}</button></form>`
  return `<section class="card" role="dialog" aria-label="${escapeHtml(name)} request" data-testid="wc-wallet-prompt">
<header><img src="${devWalletIcon}" alt=""><div><div class="name">${escapeHtml(name)}</div><div class="meta">${escapeHtml(chain)}</div></div>${queue}</header>
<p class="title">${escapeHtml(title)}</p>${list}${details ? `<pre class="details">${escapeHtml(details)}</pre>` : ''}
<div class="actions">${button('reject', 'Reject')}${button('approve', 'Approve')}</div>
</section>`
}

/** The page's own layout, around the prompt card's style (the same colours, light and dark). */
const pageCss = `
body { margin: 0; min-height: 100vh; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #111827; background: #f4f5f8; }
main { box-sizing: border-box; max-width: 40rem; margin: 0 auto; padding: 32px 16px; display: flex; flex-direction: column; gap: 16px; }
.brand { display: flex; align-items: center; gap: 12px; }
.brand img { width: 40px; height: 40px; border-radius: 11px; }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 15px; margin: 0 0 8px; }
.panel { padding: 16px; background: #ffffff; border: 1px solid rgba(15, 23, 42, 0.10); border-radius: 16px; }
.panel p { margin: 0 0 8px; }
.card { width: auto; max-width: none; }
.card form { flex: 1; display: flex; }
ul { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 6px; }
code { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
textarea { box-sizing: border-box; width: 100%; padding: 10px 12px; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; color: inherit; background: #f9fafb; border: 1px solid #d1d5db; border-radius: 10px; resize: vertical; }
textarea:focus-visible { outline: 2px solid #818cf8; outline-offset: 1px; }
.pair { display: flex; flex-direction: column; gap: 8px; }
.pair button, .session button { flex: none; align-self: flex-end; }
.session form { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.notice { margin: 0; padding: 10px 12px; border-radius: 10px; background: #eef2ff; color: #3730a3; }
.notice.ok { background: #ecfdf5; color: #065f46; }
.notice.error { background: #fef2f2; color: #991b1b; }
.subtle { color: #6b7280; font-size: 13px; }
@media (prefers-color-scheme: dark) {
  body { color: #f3f4f6; background: #111216; }
  .panel { background: #1c1d22; border-color: rgba(255, 255, 255, 0.10); }
  textarea { background: #15161a; border-color: #3f424b; }
  .notice { background: #312e81; color: #e0e7ff; }
  .notice.ok { background: #064e3b; color: #d1fae5; }
  .notice.error { background: #7f1d1d; color: #fee2e2; }
  .subtle { color: #9ca3af; }
}
`

function page(state: State, notice: string): string {
  const sessions = state.wallet
    .sessions()
    .map((topic) => `<li class="session"><form method="post" action="/disconnect"><code>${escapeHtml(topic.slice(0, 12))}…</code><input type="hidden" name="topic" value="${escapeHtml(topic)}"><button class="reject">Disconnect</button></form></li>`)
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>${escapeHtml(name)}</title><style>${promptCss}${pageCss}</style><script src="/page.js" defer></script>
<main>
<div class="brand"><img src="${devWalletIcon}" alt=""><h1>${escapeHtml(name)}</h1></div>
${notice}
${card(state.prompts.pending())}
<section class="panel"><h2>Pair with a dapp</h2>
<form class="pair" method="post" action="/pair"><textarea name="uri" rows="4" placeholder="wc:…@2?…" aria-label="WalletConnect URI" required></textarea><button class="approve" data-testid="wc-wallet-pair">Pair</button></form>
<p class="subtle">Paste the link the dapp shows (Copy link under its QR code). You approve or reject the session, then each request, here.</p></section>
<section class="panel"><h2>Sessions</h2><ul>${sessions.join('') || '<li class="subtle">None.</li>'}</ul></section>
<section class="panel"><h2>Accounts (CAIP-10)</h2><ul>${state.wallet.accounts.map((account) => `<li><code>${escapeHtml(account)}</code></li>`).join('')}</ul></section>
</main>`
}

