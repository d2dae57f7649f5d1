// Arithmetic in GF(256) with the QR code's field polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d), and the
// Reed–Solomon error-correction codewords built on it (docs/walletconnect.md, "QR code").

const exp = new Uint8Array(510)
const log = new Uint8Array(256)
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  exp[i] = exp[i + 255] = x
  log[x] = i
}

/** a·b in the field. */
function multiply(a: number, b: number): number {
  return a && b ? (exp[(log[a] as number) + (log[b] as number)] as number) : 0
}

/** The divisor of an `n`-codeword code, (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), its coefficients highest first without the leading 1. */
export function divisor(n: number): Uint8Array {
  let poly = new Uint8Array([1])
  for (let i = 0; i < n; i++) {
    const next = new Uint8Array(poly.length + 1)
    poly.forEach((c, j) => {
      next[j] = (next[j] as number) ^ c
      next[j + 1] = multiply(c, exp[i] as number)
    })
    poly = next
  }
  return poly.subarray(1)
}

/** The error-correction codewords of `data`: the remainder of data·xⁿ divided by the divisor. */
export function errorCorrection(data: Uint8Array, div: Uint8Array): Uint8Array {
  const rest = new Uint8Array(div.length)
  for (const byte of data) {
    const factor = byte ^ (rest[0] as number)
    rest.copyWithin(0, 1)
    rest[rest.length - 1] = 0
    div.forEach((c, i) => {
      rest[i] = (rest[i] as number) ^ multiply(c, factor)
    })
  }
  return rest
}
