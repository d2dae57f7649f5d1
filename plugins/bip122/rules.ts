import { LatchError, sameAddress, type ConnectionAccount } from '../../kernel/index'

/**
 * docs/bitcoin.md, "Switching accounts": only payment accounts can become the active account, and a switch names
 * the address it switches to.
 */

/** The accounts a visitor may switch to: the payment ones, in the wallet's order. */
export function switchableAccounts(accounts: readonly ConnectionAccount[]): ConnectionAccount[] {
  return accounts.filter((account) => account.type === 'payment')
}

/**
 * The account `address` names among `accounts`, when it may become the active one. Throws `BIP122_ADDRESS_REQUIRED`
 * without an address, `INVALID_ADDRESS` for an address the connection does not hold, and `NON_PAYMENT_ACCOUNT` for
 * an ordinals (or any other non-payment) account.
 */
export function checkAccountSwitch(accounts: readonly ConnectionAccount[], address: unknown): ConnectionAccount {
  if (typeof address !== 'string' || address.trim() === '') throw new LatchError('BIP122_ADDRESS_REQUIRED')
  const account = accounts.find((candidate) => sameAddress(candidate.address, address))
  if (!account) throw new LatchError('INVALID_ADDRESS', { details: `${JSON.stringify(address.slice(0, 100))} is not an account of the connected Bitcoin wallet` })
  if (account.type !== 'payment') {
    throw new LatchError('NON_PAYMENT_ACCOUNT', { values: { namespace: 'bip122' }, details: `${account.address} is a ${account.type ?? 'untyped'} account` })
  }
  return account
}
