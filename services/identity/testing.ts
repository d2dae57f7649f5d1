/**
 * Test helpers of the local providers (docs/identity-providers.md, "In tests"). A browser's part of a sign-in at a local provider, done with fetch: follows the redirects with a cookie jar, fills the
 * login form, and presses Allow or Deny on the consent page (docs/identity-providers.md, "In tests"). Returns what the
 * provider sends to the redirect uri: the query of a redirect, or the fields of a form post (Apple's form_post).
 */
import { createHash, randomBytes } from 'node:crypto'
import { startWalletService, type WalletService, type WalletServiceOptions } from '../wallet/src/service'
import type { SocialOptions } from '../wallet/src/social'
import { localClients } from './src/clients'
import { startLocalProviders, type LocalProviders } from './src/providers'
import { walletSocialProviders } from './src/wallet-config'

export type Callback = { url: string; params: URLSearchParams; via: 'redirect' | 'form_post' }

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The cookies a browser would keep for the providers' origin (names only: every provider names its own). */
class CookieJar {
  #cookies = new Map<string, string>()
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()) || attributes.some((a) => /^\s*max-age=0/i.test(a))
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

const formAction = (html: string, index = 0) => [...html.matchAll(/<form[^>]*action="([^"]+)"/g)][index]?.[1]?.replace(/&#38;/g, '&')

/**
 * Opens `authorizeUrl` and goes through login (`email`, `name`) and consent (`decision`) until the provider hands
 * the result to a URL starting with `redirectPrefix`. `pages` collects the titles of the pages shown on the way.
 */
export async function signInThroughBrowser(
  authorizeUrl: string,
  options: { redirectPrefix: string; email: string; name: string; decision?: 'allow' | 'deny'; pages?: string[] },
): Promise<Callback> {
  const jar = new CookieJar()
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: authorizeUrl, method: 'GET' }
  for (let hop = 0; hop < 20; hop++) {
    if (next.url.startsWith(options.redirectPrefix)) {
      if (next.method === 'POST') return { url: next.url, params: next.body ?? new URLSearchParams(), via: 'form_post' }
      return { url: next.url, params: new URL(next.url).searchParams, via: 'redirect' }
    }
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(next.body ? { body: next.body } : {}),
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url).href, method: 'GET' }
      continue
    }
    const html = await response.text()
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
    options.pages?.push(title)
    // A form_post error (access_denied) comes with status 400; a browser submits its form all the same.
    const action = formAction(html)
    if (!action) throw new Error(`${next.method} ${next.url}: ${response.status}, a page without a form: ${html.slice(0, 300)}`)
    if (/name="email"/.test(html)) {
      next = { url: new URL(action, next.url).href, method: 'POST', body: new URLSearchParams({ email: options.email, name: options.name }) }
    } else if (/value="allow"/.test(html)) {
      const deny = options.decision === 'deny'
      next = { url: new URL(formAction(html, deny ? 1 : 0) ?? action, next.url).href, method: 'POST', body: new URLSearchParams({ decision: deny ? 'deny' : 'allow' }) }
    } else {
      // A form_post response: an auto-submitting form of hidden fields to the redirect uri.
      const fields = new URLSearchParams()
      for (const [, field, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.append(field ?? '', value ?? '')
      next = { url: new URL(action, next.url).href, method: 'POST', body: fields }
    }
  }
  throw new Error('too many hops')
}

/**
 * A wallet service with the six local providers as its social logins, the way the stack wires them: the service
 * first (its port is the providers' redirect uri), then the providers, then the service learns them (its `social`
 * option is read on each request). `options` are the service's, but `social`.
 */
export async function serviceWithLocalProviders(options: Omit<WalletServiceOptions, 'social'>): Promise<{ service: WalletService; idp: LocalProviders; stop(): Promise<void> }> {
  let social: SocialOptions | undefined
  const service = await startWalletService({ ...options, social: () => social })
  try {
    const idp = await startLocalProviders({ clients: localClients([`${service.url}/v1/social/callback`]), host: '127.0.0.1', port: 0 })
    social = { providers: walletSocialProviders(idp) }
    return {
      service,
      idp,
      stop: async () => {
        await service.stop()
        await idp.close()
      },
    }
  } catch (error) {
    await service.stop()
    throw error
  }
}
