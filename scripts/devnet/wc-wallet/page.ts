/**
 * The WalletConnect dev wallet's page for a person (`npm start`): paste a dapp's `wc:` URI to pair (the wallet
 * approves the session and every request, scripts/devnet/wc-wallet/wallet.ts), see the open sessions, disconnect
 * one. Plain HTML forms on 127.0.0.1, no script.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as z from 'zod'
import type { WcWallet } from './wallet'

export type WalletPage = { url: string; stop(): Promise<void> }

const pairForm = z.object({ uri: z.string().trim().regex(/^wc:[0-9a-f]+@2\?/, 'a WalletConnect v2 URI (wc:…@2?…)') })
const disconnectForm = z.object({ topic: z.string().regex(/^[0-9a-f]+$/) })

export async function startWalletPage(wallet: WcWallet, port = 0): Promise<WalletPage> {
  const server = createServer((request, response) => void route(wallet, request, response).catch((error: unknown) => send(response, wallet, 500, `<p>${escape(String(error))}</p>`)))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function route(wallet: WcWallet, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'GET' && request.url === '/') return send(response, wallet, 200, '')
  if (request.method !== 'POST') return send(response, wallet, 404, '<p>Not found.</p>')
  const form = Object.fromEntries(new URLSearchParams(await body(request)))
  if (request.url === '/pair') {
    const parsed = pairForm.safeParse(form)
    if (!parsed.success) return send(response, wallet, 400, `<p>Paste ${escape(parsed.error.issues[0]?.message ?? 'a wc: URI')}.</p>`)
    const session = await wallet.pair(parsed.data.uri)
    return send(response, wallet, 200, session ? `<p>Connected: session ${escape(session.topic.slice(0, 12))}…</p>` : '<p>The proposal was rejected (unsupported chains).</p>')
  }
  if (request.url === '/disconnect') {
    const parsed = disconnectForm.safeParse(form)
    if (!parsed.success) return send(response, wallet, 400, '<p>No such session.</p>')
    await wallet.disconnect(parsed.data.topic)
    return send(response, wallet, 200, '<p>Disconnected.</p>')
  }
  send(response, wallet, 404, '<p>Not found.</p>')
}

function send(response: ServerResponse, wallet: WcWallet, status: number, notice: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; form-action 'self'; style-src 'unsafe-inline'" })
  response.end(page(wallet, notice))
}

function page(wallet: WcWallet, notice: string): string {
  const sessions = wallet.sessions().map((topic) => `<li><form method="post" action="/disconnect"><code>${escape(topic.slice(0, 12))}…</code> <input type="hidden" name="topic" value="${escape(topic)}"><button>Disconnect</button></form></li>`)
  return `<!doctype html><meta charset="utf-8"><title>Latch Dev Wallet (WalletConnect)</title>
<body style="font:15px system-ui;max-width:40rem;margin:2rem auto">
<h1>Latch Dev Wallet (WalletConnect)</h1>
<p>Approves every session and request. Its accounts (CAIP-10):</p>
<ul>${wallet.accounts.map((account) => `<li><code>${escape(account)}</code></li>`).join('')}</ul>
${notice}
<form method="post" action="/pair"><textarea name="uri" rows="4" style="width:100%" placeholder="wc:…@2?…" required></textarea><br><button>Pair</button></form>
<h2>Sessions</h2><ul>${sessions.join('') || '<li>None.</li>'}</ul>`
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text.length < 10_000 ? (text += chunk) : request.destroy()))
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
