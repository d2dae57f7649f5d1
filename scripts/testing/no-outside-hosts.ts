/**
 * Records, and fails at once, every attempt of this process to reach a host other than 127.0.0.1/localhost: every
 * host name resolved through node:dns (which net, http, undici's fetch and the `ws` client all use; an IP literal
 * skips it) and every fetch to a non-loopback URL. Failing fast means nothing waits on the timeout of a service
 * it cannot reach. `restore()` puts both back.
 */
import dns from 'node:dns'

const loopback = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

export function guardOutsideHosts() {
  const contacted: string[] = []
  const refuse = (host: string) => {
    contacted.push(host)
    return Object.assign(new Error(`outside host refused in tests: ${host}`), { code: 'ENOTFOUND', hostname: host })
  }
  const { lookup } = dns
  const { lookup: lookupPromise } = dns.promises
  const { fetch } = globalThis
  dns.lookup = ((host: string, ...rest: unknown[]) => {
    if (loopback.has(host)) return (lookup as (...args: unknown[]) => void)(host, ...rest)
    const callback = rest.at(-1) as (error: Error) => void
    process.nextTick(() => callback(refuse(host)))
  }) as typeof dns.lookup
  dns.promises.lookup = ((host: string, ...rest: unknown[]) =>
    loopback.has(host) ? (lookupPromise as (...args: unknown[]) => Promise<unknown>)(host, ...rest) : Promise.reject(refuse(host))) as typeof dns.promises.lookup
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return loopback.has(url.hostname) ? fetch(input, init) : Promise.reject(refuse(url.hostname))
  }
  return {
    /** Host names something tried to reach, in order. */
    contacted,
    restore() {
      dns.lookup = lookup
      dns.promises.lookup = lookupPromise
      globalThis.fetch = fetch
    },
  }
}
