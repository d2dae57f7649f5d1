/** The wallet secret's shares: any two of the three rebuild it, one does not; the account is a function of the secret. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { evmAccount, newWalletSecret, rebuildSecret, splitSecret } from './wallet-secret'

const pairs = [
  ['device', 'auth'],
  ['device', 'recovery'],
  ['auth', 'recovery'],
] as const

describe('the wallet secret', () => {
  it('any 2 of the 3 shares rebuild the secret, in either order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom(...pairs), fc.boolean(), async (secret, [a, b], swap) => {
        const shares = await splitSecret(secret)
        const rebuilt = await rebuildSecret(...((swap ? [shares[b], shares[a]] : [shares[a], shares[b]]) as [string, string]))
        expect(Array.from(rebuilt)).toEqual(Array.from(secret))
      }),
      { numRuns: 50 },
    )
  })

  it('one share alone does not rebuild it (the same share twice is refused; one share with a foreign one gives another secret)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom('device', 'auth', 'recovery') as fc.Arbitrary<'device' | 'auth' | 'recovery'>, async (secret, kind) => {
        const shares = await splitSecret(secret)
        await expect(rebuildSecret(shares[kind], shares[kind])).rejects.toThrow()
        const other = await splitSecret(secret)
        // A share of another split of the same secret, with the same x coordinate, is refused or rebuilds junk.
        const mixed = await rebuildSecret(shares.device, other.auth).catch(() => undefined)
        if (mixed) expect(Array.from(mixed)).not.toEqual(Array.from(secret))
      }),
      { numRuns: 30 },
    )
  })

  it('refuses junk as a share', async () => {
    await expect(rebuildSecret('not a share!', 'AAAA')).rejects.toThrow()
  })

  it('the EVM account is the same for the same secret rebuilt from any pair, and differs across secrets', async () => {
    const { secret, shares } = await newWalletSecret()
    const address = (await evmAccount(secret)).address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    for (const [a, b] of pairs) expect((await evmAccount(await rebuildSecret(shares[a], shares[b]))).address).toBe(address)
    expect((await evmAccount((await newWalletSecret()).secret)).address).not.toBe(address)
  })
})
