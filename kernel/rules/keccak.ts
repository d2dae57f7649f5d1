/**
 * Keccak-256 (the pre-standard padding Ethereum uses, FIPS 202's Keccak-f[1600] permutation): what the EIP-55
 * checksum and the ENS calls hash. Written here over 32-bit halves of each 64-bit lane, in about 1.3 kB minified, because
 * `@noble/hashes/sha3` weighs about 5.7 kB with its helpers, and the checksum (docs/behaviour.md, "Addresses") runs
 * in a dapp's first load, when a stored connection is restored. Checked against @noble/hashes by keccak.test.ts.
 */

// Round constants (FIPS 202, algorithm 5: rc(t) from the degree-8 LFSR), as [low, high] words per round.
const roundConstants = new Uint32Array(48)
// Rho offsets and Pi's lane order, walked from lane (1, 0): the n-th lane moved is rotated by n(n+1)/2 mod 64.
const rotations: number[] = []
const lanes: number[] = []
{
  let r = 1
  for (let round = 0; round < 24; round++) {
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) & 0xff
      const bit = (1 << j) - 1
      if (r & 2) roundConstants[2 * round + (bit >> 5)] = (roundConstants[2 * round + (bit >> 5)] as number) ^ (1 << (bit & 31))
    }
  }
  for (let t = 0, x = 1, y = 0; t < 24; t++) {
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
    rotations.push((((t + 1) * (t + 2)) / 2) % 64)
    lanes.push(x + 5 * y)
  }
}

/** Lane `i` of `s` (low word at 2i, high at 2i + 1) rotated left by `n` bits, into `out[0..1]`. */
function rotate(s: Uint32Array, i: number, n: number, out: Uint32Array): void {
  let lo = s[2 * i] as number
  let hi = s[2 * i + 1] as number
  if (n >= 32) [lo, hi, n] = [hi, lo, n - 32]
  out[0] = n === 0 ? lo : (lo << n) | (hi >>> (32 - n))
  out[1] = n === 0 ? hi : (hi << n) | (lo >>> (32 - n))
}

function permute(s: Uint32Array): void {
  const c = new Uint32Array(10)
  const d = new Uint32Array(2)
  const moved = new Uint32Array(2)
  for (let round = 0; round < 24; round++) {
    // Theta: each lane takes the parity of the column to its left and of the one to its right rotated by 1.
    for (let x = 0; x < 10; x++) c[x] = (s[x] as number) ^ (s[x + 10] as number) ^ (s[x + 20] as number) ^ (s[x + 30] as number) ^ (s[x + 40] as number)
    for (let x = 0; x < 5; x++) {
      rotate(c, (x + 1) % 5, 1, d)
      const lo = (d[0] as number) ^ (c[2 * ((x + 4) % 5)] as number)
      const hi = (d[1] as number) ^ (c[2 * ((x + 4) % 5) + 1] as number)
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] = (s[2 * (x + y)] as number) ^ lo
        s[2 * (x + y) + 1] = (s[2 * (x + y) + 1] as number) ^ hi
      }
    }
    // Rho and Pi: lane (1, 0) moves along Pi's path, each lane rotated by its offset as it moves.
    let lo = s[2] as number
    let hi = s[3] as number
    for (let t = 0; t < 24; t++) {
      const to = lanes[t] as number
      const nextLo = s[2 * to] as number
      const nextHi = s[2 * to + 1] as number
      moved[0] = lo
      moved[1] = hi
      rotate(moved, 0, rotations[t] as number, moved)
      s[2 * to] = moved[0] as number
      s[2 * to + 1] = moved[1] as number
      lo = nextLo
      hi = nextHi
    }
    // Chi, row by row, then Iota.
    for (let y = 0; y < 50; y += 10) {
      for (let x = 0; x < 10; x++) c[x] = s[y + x] as number
      for (let x = 0; x < 10; x++) s[y + x] = (s[y + x] as number) ^ (~(c[(x + 2) % 10] as number) & (c[(x + 4) % 10] as number))
    }
    s[0] = (s[0] as number) ^ (roundConstants[2 * round] as number)
    s[1] = (s[1] as number) ^ (roundConstants[2 * round + 1] as number)
  }
}

/** Keccak-256 of `data`: 32 bytes. */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136
  const state = new Uint32Array(50)
  // Byte i of the state is byte i % 4 (little-endian) of word i >> 2: lanes are little-endian 64-bit words.
  const xorByte = (i: number, byte: number) => (state[i >> 2] = (state[i >> 2] as number) ^ (byte << ((i & 3) * 8)))
  let at = 0
  for (const byte of data) {
    xorByte(at++, byte)
    if (at === rate) {
      permute(state)
      at = 0
    }
  }
  xorByte(at, 0x01)
  xorByte(rate - 1, 0x80)
  permute(state)
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = ((state[i >> 2] as number) >>> ((i & 3) * 8)) & 0xff
  return out
}
