/**
 * The local Farcaster app (docs/wallet-service.md, "The local Farcaster app"): a page on 127.0.0.1 that stands in for
 * the Farcaster app on a phone, so a person can log in with Farcaster offline (`npm start`). Paste the sign-in link the
 * dapp shows (`farcaster://connect?…`, or open the page with it as `?uri=`), pick one of the local fids, press
 * Sign in: the page's server builds the Sign In With Farcaster message from the link, signs it with that fid's custody
 * key (anvil's development keys, ./users.ts) and posts it to the wallet service's relay (./sign-in.ts).
 *
 * Plain HTML forms and a stylesheet of its own: no script at all, under a CSP of `default-src 'none'`. A form post is
 * taken only from the page's own origin (its Origin header), so another site cannot make it sign.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { parseSignInLink, signInWithFarcaster } from './sign-in'
import { localFarcasterUsers, type LocalFarcasterUser } from './users'
import { escapeHtml, readFormBody } from '../page-helpers'
import { listenOnLoopback } from '../serve'

export type FarcasterApp = { url: string; stop(): Promise<void> }

const csp = "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const formSchema = z.object({ uri: z.string().check(z.maxLength(4096)), fid: z.string().check(z.regex(/^\d{1,10}$/)) })

/**
 * Starts the page. `relay`: the wallet service's Farcaster relay (`<service URL>/v1/farcaster`); `users`: the fids it
 * signs in as (default localFarcasterUsers, which the local ID registry holds).
 */
export async function startFarcasterApp(options: { relay: string; users?: readonly LocalFarcasterUser[]; port?: number }): Promise<FarcasterApp> {
  const users = options.users ?? localFarcasterUsers
  let origin = ''
  const server = createServer((request, response) => {
    route(request, response).catch(() => send(response, 500, page(users, '', undefined, notice('error', 'The page failed; try again.'))))
  })

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin)
    if (request.method === 'GET' && url.pathname === '/style.css') {
      response.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
      return void response.end(style)
    }
    if (request.method === 'GET' && url.pathname === '/') return send(response, 200, page(users, url.searchParams.get('uri') ?? '', Number(url.searchParams.get('fid')) || undefined, ''))
    if (request.method !== 'POST' || url.pathname !== '/sign-in') return send(response, 404, page(users, '', undefined, notice('error', 'Not found.')))
    if (request.headers.origin !== origin) return send(response, 403, page(users, '', undefined, notice('error', 'Sign in from this page.')))
    const parsed = z.safeParse(formSchema, Object.fromEntries(new URLSearchParams(await readFormBody(request))))
    const uri = parsed.success ? parsed.data.uri.trim() : ''
    const user = parsed.success ? users.find((candidate) => candidate.fid === Number(parsed.data.fid)) : undefined
    const link = parseSignInLink(uri)
    if (!link) return send(response, 400, page(users, uri, user?.fid, notice('error', 'Paste the sign-in link the dapp shows: farcaster://connect?channelToken=…')))
    if (!user) return send(response, 400, page(users, uri, undefined, notice('error', 'Pick one of the accounts.')))
    const answer = await signInWithFarcaster({ relay: options.relay, link, account: privateKeyToAccount(user.custodyKey), fid: user.fid, username: user.username }).catch(() => undefined)
    if (!answer) return send(response, 502, page(users, uri, user.fid, notice('error', 'The wallet service cannot be reached.')))
    if (answer.status !== 200) {
      const error = (answer.body as { error?: { message?: unknown } } | undefined)?.error
      return send(response, 400, page(users, uri, user.fid, notice('error', `Refused: ${String(error?.message ?? `status ${answer.status}`).slice(0, 300)}`)))
    }
    send(response, 200, page(users, '', undefined, notice('ok', `Signed in to ${link.domain} as @${user.username} (fid ${user.fid}). Go back to the dapp.`)))
  }

  const listener = await listenOnLoopback(server, options.port)
  origin = listener.url
  return { url: origin, stop: listener.stop }
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' })
  response.end(html)
}

const notice = (kind: 'ok' | 'error', text: string) => `<p class="notice ${kind}" role="status" data-testid="farcaster-app-notice">${escapeHtml(text)}</p>`

function page(users: readonly LocalFarcasterUser[], uri: string, fid: number | undefined, shown: string): string {
  const chosen = fid ?? users[0]?.fid
  const options = users
    .map((user) => `<label class="user"><input type="radio" name="fid" value="${user.fid}"${user.fid === chosen ? ' checked' : ''}> @${escapeHtml(user.username)} <span class="subtle">fid ${user.fid} · custody ${escapeHtml(user.custody)}</span></label>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>Local Farcaster app</title><link rel="stylesheet" href="/style.css"></head>
<body><main>
<h1>Local Farcaster app</h1>
<p class="subtle">Stands in for the Farcaster app on this machine: it signs in with the local ID registry's development keys. Development only.</p>
${shown}
<form class="panel" method="post" action="/sign-in">
<label for="uri">Sign-in link</label>
<textarea id="uri" name="uri" rows="4" placeholder="farcaster://connect?channelToken=…" required data-testid="farcaster-app-uri">${escapeHtml(uri)}</textarea>
<fieldset><legend>Sign in as</legend>${options}</fieldset>
<button type="submit" data-testid="farcaster-app-sign-in">Sign in</button>
</form>
</main></body></html>`
}

const style = `
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #111827; background: #f4f5f8; }
main { box-sizing: border-box; max-width: 40rem; margin: 0 auto; padding: 32px 16px; display: flex; flex-direction: column; gap: 16px; }
h1 { font-size: 20px; margin: 0; color: #7c65c1; }
.panel { display: flex; flex-direction: column; gap: 10px; padding: 16px; background: #fff; border: 1px solid rgba(15, 23, 42, 0.1); border-radius: 16px; }
textarea { box-sizing: border-box; width: 100%; padding: 10px 12px; font: 13px/1.5 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; color: inherit; background: #f9fafb; border: 1px solid #d1d5db; border-radius: 10px; resize: vertical; }
fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
legend { padding: 0 0 4px; }
.user { overflow-wrap: anywhere; }
button { align-self: flex-end; padding: 8px 18px; font: inherit; color: #fff; background: #7c65c1; border: 0; border-radius: 10px; cursor: pointer; }
button:focus-visible, textarea:focus-visible { outline: 2px solid #a78bfa; outline-offset: 2px; }
.notice { margin: 0; padding: 10px 12px; border-radius: 10px; overflow-wrap: anywhere; }
.notice.ok { background: #ecfdf5; color: #065f46; }
.notice.error { background: #fef2f2; color: #991b1b; }
.subtle { margin: 0; color: #6b7280; font-size: 13px; }
@media (prefers-color-scheme: dark) {
  body { color: #f3f4f6; background: #111216; }
  .panel { background: #1c1d22; border-color: rgba(255, 255, 255, 0.1); }
  textarea { background: #15161a; border-color: #3f424b; }
  .notice.ok { background: #064e3b; color: #d1fae5; }
  .notice.error { background: #7f1d1d; color: #fee2e2; }
  .subtle { color: #9ca3af; }
}
`

