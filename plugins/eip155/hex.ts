/** Hex encodings EIP-1193 requests need. Local, so the plugin's first load pulls in no viem code. */

/** `0x`-prefixed hex of a non-negative integer, an EIP-1474 quantity (`0x0`, `0x7a69`). */
export function toHexQuantity(value: bigint | number): `0x${string}` {
  return `0x${BigInt(value).toString(16)}`
}

/** `0x`-prefixed hex of a string's UTF-8 bytes: what `personal_sign` expects. */
export function utf8ToHex(text: string): `0x${string}` {
  let hex = ''
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return `0x${hex}`
}
