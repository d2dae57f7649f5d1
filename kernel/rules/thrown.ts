/**
 * Reading what a wallet threw or answered without trusting it (docs/limits.md): a getter or Proxy trap that
 * throws reads as absent, never as a crash. Shared by the chain-family plugins' error mapping.
 */

/** `value[key]`, or undefined when `value` is not an object or reading it throws. */
export function readField(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/** `value[key]` when it is an integer (an EIP-1193 error code). */
export function integerField(value: unknown, key: string): number | undefined {
  const found = readField(value, key)
  return typeof found === 'number' && Number.isInteger(found) ? found : undefined
}

/** The message of something thrown (a string, or an object's `message`), cut to 300 characters; undefined when empty. */
export function thrownMessage(error: unknown): string | undefined {
  const message = typeof error === 'string' ? error : readField(error, 'message')
  return typeof message === 'string' && message.length > 0 ? message.slice(0, 300) : undefined
}
