/**
 * docs/behaviour.md, "Several connections": which accounts of a connection may become the active one. Apart from
 * connection-switch.ts (which re-exports it), so a family that checks an account switch up front (bip122's verbs)
 * does not bring the switch plans into a dapp's first load (code is split by file, docs/chunks.md).
 */
import { LatchError } from '../engine/errors'
import type { ChainNamespace, ConnectionAccount } from '../types'
import { sameAddress } from './connections'

/**
 * The account of `accounts` that `address` names, when it may become the family's active one. Bitcoin needs an
 * address (`BIP122_ADDRESS_REQUIRED`) and only its payment accounts qualify (`NON_PAYMENT_ACCOUNT`); an address
 * the connection does not hold is `INVALID_ADDRESS` in every family.
 */
export function checkAccountSwitch(ns: ChainNamespace, accounts: readonly ConnectionAccount[], address: unknown): ConnectionAccount {
  if (typeof address !== 'string' || address.trim() === '') {
    if (ns === 'bip122') throw new LatchError('BIP122_ADDRESS_REQUIRED')
    throw new LatchError('INVALID_ADDRESS', { details: 'no address to switch to' })
  }
  const account = accounts.find((candidate) => sameAddress(candidate.address, address))
  if (!account) throw new LatchError('INVALID_ADDRESS', { details: `${JSON.stringify(address.slice(0, 100))} is not an account of this connection` })
  if (ns === 'bip122' && account.type !== 'payment') {
    throw new LatchError('NON_PAYMENT_ACCOUNT', { values: { namespace: 'bip122' }, details: `${account.address} is a ${account.type ?? 'untyped'} account` })
  }
  return account
}

/** The accounts of a connection a visitor may switch to: every one, except that Bitcoin offers only payment accounts. */
export function switchableAccounts(ns: ChainNamespace, accounts: readonly ConnectionAccount[]): readonly ConnectionAccount[] {
  return ns === 'bip122' ? accounts.filter((account) => account.type === 'payment') : accounts
}
