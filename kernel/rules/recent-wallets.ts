/** Recent wallets (docs/behaviour.md, "Recent wallets"). */
import { constants } from '../constants'
import type { WalletListing } from '../types'

/** docs/behaviour.md, "Recent wallets": recent wallets are capped at 2. */
export const maxRecentWallets = constants.recentWalletsMax

/** Puts a wallet first in the recent list: no duplicate ids, newest first, at most 2. */
export function addRecentWallet(recent: readonly WalletListing[], wallet: WalletListing): readonly WalletListing[] {
  const result = [wallet, ...recent.filter((entry) => entry.id !== wallet.id)].slice(0, maxRecentWallets)
  return sameElements(recent, result) ? recent : result
}

function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
