/** Display helpers for the dev wallet's prompts. */

/** A hex wei amount (or decimal string) as ETH with up to 6 decimals, e.g. '1.5 ETH'. */
export function formatEther(value: unknown, symbol = 'ETH'): string {
  let wei: bigint
  try {
    wei = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? BigInt(value) : 0n
  } catch {
    return `${String(value)} wei`
  }
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} ${symbol}`
}

/** A personal_sign message for display: hex decoded as UTF-8 when it is readable text, otherwise as given. */
export function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return JSON.stringify(message)
  if (!/^0x([0-9a-f]{2})*$/i.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? message : text
  } catch {
    return message
  }
}

/** An address shortened for a header line: 0x1234…abcd. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
