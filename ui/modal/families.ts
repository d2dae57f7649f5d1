import type { ChainNamespace } from '../../kernel/index'

/** The chain families by the names wallets and visitors know them by: product names, the same in every language. */
export const familyNames: Readonly<Record<ChainNamespace, string>> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}
