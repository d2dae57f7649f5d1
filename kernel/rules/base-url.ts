/**
 * A service's base URL as the plugins that call one read their `baseUrl` option (the provider API's client, the api,
 * names, swap and onramp plugins: docs/behaviour.md, "Provider API"). A rule of its own so that a plugin's options
 * check, which runs up front, carries none of the provider API's client.
 */

/** The base URL without trailing slashes, or undefined when it is not an http(s) URL. */
export function normaliseBaseUrl(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}
