import type { ConnectionAccount } from '../../kernel/index'
import { checkAccountSwitch as checkFamilyAccountSwitch, switchableAccounts as familySwitchableAccounts } from '../../kernel/rules/account-switch'

/**
 * docs/bitcoin.md, "Switching accounts": only payment accounts can become the active account, and a switch names
 * the address it switches to. The rule is the kernel's (docs/behaviour.md, "Several connections"), for bip122.
 */

/** The accounts a visitor may switch to: the payment ones, in the wallet's order. */
export function switchableAccounts(accounts: readonly ConnectionAccount[]): readonly ConnectionAccount[] {
  return familySwitchableAccounts('bip122', accounts)
}

/**
 * The account `address` names among `accounts`, when it may become the active one. Throws `BIP122_ADDRESS_REQUIRED`
 * without an address, `INVALID_ADDRESS` for an address the connection does not hold, and `NON_PAYMENT_ACCOUNT` for
 * an ordinals (or any other non-payment) account.
 */
export function checkAccountSwitch(accounts: readonly ConnectionAccount[], address: unknown): ConnectionAccount {
  return checkFamilyAccountSwitch('bip122', accounts, address)
}
