/**
 * docs/storage.md, "Preferred account types": which account type a visitor gets in each chain family. Pure: the
 * family, and the type the visitor (or the dapp) chose, if any.
 */
import type { AccountType, ChainNamespace } from '../types'

/** The specification's defaults: Bitcoin's payment account, the EVM smart account, Solana's and Polkadot's EOA. */
export const defaultAccountTypes: Readonly<Partial<Record<ChainNamespace, AccountType>>> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/** The account types each family has (Cosmos: none Latch tells apart). */
export const familyAccountTypes: Readonly<Record<ChainNamespace, readonly AccountType[]>> = {
  eip155: ['eoa', 'smartAccount'],
  solana: ['eoa'],
  bip122: ['payment', 'ordinal', 'stx'],
  polkadot: ['eoa'],
  cosmos: [],
}

/**
 * The preferred account type of family `ns`: `chosen` when it is one of the family's types, else the family's default
 * (none for Cosmos). A stored choice of another family's type (`{"eip155":"payment"}`) counts as no choice.
 */
export function preferredAccountType(ns: ChainNamespace, chosen?: AccountType): AccountType | undefined {
  return chosen !== undefined && familyAccountTypes[ns].includes(chosen) ? chosen : defaultAccountTypes[ns]
}
