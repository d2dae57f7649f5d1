/**
 * The dapp origins the frame serves, as patterns like WALLET_ALLOWED_ORIGINS (docs/wallet-service.md, "Origins"):
 * `scheme://host[:port]`, the host may start with `*.` (any subdomain) and the port may be `*` (any port).
 */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const match = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/i.exec(pattern)
    if (!match) return false
    const [, scheme, anySubdomain, host, port] = match
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const hostPart = `${anySubdomain ? '([a-z0-9-]+\\.)+' : ''}${escape(host!.toLowerCase())}`
    const portPart = port === '*' ? '(:\\d{1,5})?' : port ? `:${port}` : ''
    return new RegExp(`^${scheme!.toLowerCase()}://${hostPart}${portPart}$`).test(origin)
  })
}
