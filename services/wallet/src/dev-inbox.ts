/**
 * The dev inbox (docs/wallet-service.md, "The dev inbox"): an SMTP sink on 127.0.0.1 that keeps the last messages in
 * memory, and a page that lists them with the code each carries, so a person trying the local stack can log in with
 * any address. `GET /messages` gives them as JSON (newest first; `?to=` keeps one address's), for tests.
 * Development only: it accepts mail for anyone, keeps it unencrypted in memory, and has no login.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A received message: who it was for, its subject and text, and the code in it (6 digits), when there is one. */
export type InboxMessage = { id: number; to: string[]; from: string; subject: string; text: string; code: string | null; receivedAt: string }

export type DevInbox = {
  /** Where to send: SMTP without TLS or login, on 127.0.0.1. */
  smtp: { host: string; port: number }
  /** The inbox page. */
  url: string
  /** Newest first. */
  messages(): InboxMessage[]
  stop(): Promise<void>
}

/** Messages kept (older ones are dropped) and the largest accepted message. */
export const devInboxLimits = { messages: 200, messageBytes: 256 * 1024 } as const

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(messages: readonly InboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<li><article><header><span class="to">${escapeHtml(m.to.join(', '))}</span> <time datetime="${m.receivedAt}">${m.receivedAt.slice(11, 19)}</time></header>
<p class="subject">${escapeHtml(m.subject)}</p>${m.code ? `<p class="code" aria-label="code">${m.code}</p>` : ''}<details><summary>Message</summary><pre>${escapeHtml(m.text)}</pre></details></article></li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="3">
<title>Dev inbox (${messages.length})</title><link rel="stylesheet" href="/inbox.css"></head>
<body><main><h1>Dev inbox</h1><p class="note">Mail the local wallet service sent, newest first (this page reloads every 3 s). Development only: anything sent to its SMTP port lands here.</p>
${messages.length === 0 ? '<p class="empty">No mail yet. Ask for a login code in the demo and it appears here.</p>' : `<ol>${rows}</ol>`}
</main></body></html>
`
}

const css = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:Canvas;color:CanvasText}main{max-width:40rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .25rem}.note,.empty{opacity:.8;font-size:.9rem}
ol{list-style:none;padding:0;margin:1rem 0 0}li{border:1px solid color-mix(in srgb,CanvasText 20%,transparent);border-radius:.6rem;padding:.75rem 1rem;margin:0 0 .75rem}
header{display:flex;justify-content:space-between;font-size:.85rem;opacity:.85}.subject{margin:.4rem 0;font-weight:600}
.code{font:700 1.8rem/1.2 ui-monospace,monospace;letter-spacing:.3rem;margin:.25rem 0}pre{white-space:pre-wrap;font-size:.85rem}`

/** Starts the SMTP sink and the inbox page, each on a free 127.0.0.1 port (or the ports given); keeps the last `keep` messages. */
export async function startDevInbox(options: { smtpPort?: number; httpPort?: number; keep?: number } = {}): Promise<DevInbox> {
  const keep = options.keep ?? devInboxLimits.messages
  const messages: InboxMessage[] = []
  let nextId = 1
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: devInboxLimits.messageBytes,
    banner: 'Latch dev inbox',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const text = mail.text ?? ''
          const subject = mail.subject ?? ''
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          messages.unshift({ id: nextId++, to, from, subject, text, code: /\b(\d{6})\b/.exec(`${subject}\n${text}`)?.[1] ?? null, receivedAt: new Date().toISOString() })
          messages.length = Math.min(messages.length, keep)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  smtp.on('error', () => undefined)
  await new Promise<void>((done, fail) => {
    smtp.server.once('error', fail)
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => done())
  })
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox')
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end()
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase()
      const list = to ? messages.filter((m) => m.to.includes(to)) : messages
      return void res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(list))
    }
    if (url.pathname === '/inbox.css') return void res.writeHead(200, { ...headers, 'content-type': 'text/css; charset=utf-8' }).end(css)
    if (url.pathname === '/') return void res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(page(messages))
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
  })
  await new Promise<void>((done, fail) => {
    http.once('error', fail)
    http.listen(options.httpPort ?? 0, '127.0.0.1', () => done())
  })
  return {
    smtp: { host: '127.0.0.1', port: (smtp.server.address() as AddressInfo).port },
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    messages: () => [...messages],
    stop: async () => {
      await new Promise<void>((done) => {
        http.close(() => done())
        http.closeAllConnections()
      })
      await new Promise<void>((done) => smtp.close(() => done()))
    },
  }
}
