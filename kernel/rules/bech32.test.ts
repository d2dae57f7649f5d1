import { describe, expect, it } from 'vitest'
import { decodeSegwitAddress } from './bech32'

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const key = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'

// The valid and invalid segwit addresses listed in BIP-350 (bech32 for version 0, bech32m for 1 to 16).
describe('decodeSegwitAddress', () => {
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc', 0, '751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb', 0, '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'bc', 1, '751e76e8199196d454941c45d1b3a323f1433bd6'.repeat(2)],
    ['BC1SW50QGDZ25J', 'bc', 16, '751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc', 2, '751e76e8199196d454941c45d1b3a323'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bc', 1, key],
  ])('reads %s', (address, hrp, version, program) => {
    const decoded = decodeSegwitAddress(address, hrp)
    expect(decoded?.version).toBe(version)
    expect(hex(decoded!.program)).toBe(program)
  })

  it.each([
    ['version 1 with a bech32 checksum', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bc'],
    ['version 16 with a bech32 checksum', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'bc'],
    ['version 0 with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'bc'],
    ['version 0 with a bech32m checksum (32 bytes)', 'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'tb'],
    ['no data', 'bc1gmk9yu', 'bc'],
    ['mixed case', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', 'tb'],
    ['another prefix', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'bc'],
    ['a longer prefix that starts with the one asked', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'b'],
    ['a changed character', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bc'],
  ])('refuses %s', (_label, address, hrp) => {
    expect(decodeSegwitAddress(address, hrp)).toBeUndefined()
  })

  it('is total', () => {
    expect(decodeSegwitAddress(undefined, 'bc')).toBeUndefined()
    expect(decodeSegwitAddress(42, 'bc')).toBeUndefined()
    expect(decodeSegwitAddress(`bc1${'q'.repeat(100)}`, 'bc')).toBeUndefined()
  })
})
