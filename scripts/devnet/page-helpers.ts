/**
 * What the stack's small pages (the WalletConnect dev wallet's page, the local Farcaster app) share: a form body read
 * with a bound, and text escaped for HTML.
 */
import type { IncomingMessage } from 'node:http'

/** The request's body as text; a body over 10,000 characters destroys the request. */
export function readFormBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text.length < 10_000 ? (text += chunk) : request.destroy()))
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
