/** An EIP-1193 provider, as wallets inject and announce it. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True for an object with a `request` function (the only thing EIP-1193 requires). */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
  } catch {
    return false
  }
}

/** Sends one request to the wallet; a wallet that throws synchronously rejects instead. */
export async function requestWallet(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  return provider.request(params === undefined ? { method } : { method, params })
}
