import { constants, type CaipNetwork, type CaipNetworkId } from '../../kernel/index'

/**
 * Bitcoin networks (docs/bitcoin.md, "Networks"). A network's CAIP-2 reference is the first 32 hex digits of its
 * genesis block hash; amounts have 8 decimals (1 BTC = 100,000,000 satoshis).
 */

/** How a network writes addresses: the bech32 prefix and the base58 version bytes. */
export type AddressParams = { bech32: string; pubKeyHash: number; scriptHash: number }

/** The names wallets give networks (sats-connect's `BitcoinNetworkType`). */
export type BitcoinNetworkName = 'Mainnet' | 'Testnet' | 'Testnet4' | 'Signet' | 'Regtest'

type Known = { name: BitcoinNetworkName; title: string; params: AddressParams; standardChain?: `bitcoin:${string}` }

const mainParams: AddressParams = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 }
const testParams: AddressParams = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4 }
const regtestParams: AddressParams = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4 }

/** Every Bitcoin network Latch knows, by CAIP-2 id. */
export const knownBitcoinNetworks: Readonly<Record<string, Known>> = {
  'bip122:000000000019d6689c085ae165831e93': { name: 'Mainnet', title: 'Bitcoin', params: mainParams, standardChain: 'bitcoin:mainnet' },
  'bip122:000000000933ea01ad0ee984209779ba': { name: 'Testnet', title: 'Bitcoin Testnet', params: testParams, standardChain: 'bitcoin:testnet' },
  'bip122:00000000da84f2bafbbc53dee25a72ae': { name: 'Testnet4', title: 'Bitcoin Testnet4', params: testParams },
  'bip122:00000008819873e925422c1ff0f99f7c': { name: 'Signet', title: 'Bitcoin Signet', params: testParams },
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': { name: 'Regtest', title: 'Bitcoin Regtest', params: regtestParams, standardChain: 'bitcoin:regtest' },
}

function network(caipNetworkId: CaipNetworkId, explorer?: string, testnet?: boolean): CaipNetwork {
  const reference = caipNetworkId.slice('bip122:'.length)
  return {
    id: reference,
    caipNetworkId,
    chainNamespace: 'bip122',
    name: knownBitcoinNetworks[caipNetworkId]?.title ?? `Bitcoin ${reference.slice(0, 8)}`,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: constants.decimals.bip122 },
    rpcUrls: { default: { http: [] } },
    ...(explorer ? { blockExplorers: { default: { name: 'Mempool', url: explorer } } } : {}),
    ...(testnet ? { testnet: true } : {}),
  }
}

/** Bitcoin mainnet, `bip122:000000000019d6689c085ae165831e93`. */
export const bitcoin: CaipNetwork = network('bip122:000000000019d6689c085ae165831e93', 'https://mempool.space')
/** Bitcoin testnet (testnet3), `bip122:000000000933ea01ad0ee984209779ba`. */
export const bitcoinTestnet: CaipNetwork = network('bip122:000000000933ea01ad0ee984209779ba', 'https://mempool.space/testnet', true)
/** Bitcoin regtest, a local network (the local stack's), `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
export const bitcoinRegtest: CaipNetwork = network('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', undefined, true)

/** The CAIP-2 id of a network a wallet names; undefined for a name Latch does not know. */
export function caipNetworkIdOfName(name: unknown): CaipNetworkId | undefined {
  return (Object.keys(knownBitcoinNetworks) as CaipNetworkId[]).find((id) => knownBitcoinNetworks[id]?.name === name)
}

/** The CAIP-2 id of a wallet-standard chain (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`). */
export function caipNetworkIdOfStandardChain(chain: string): CaipNetworkId | undefined {
  return (Object.keys(knownBitcoinNetworks) as CaipNetworkId[]).find((id) => knownBitcoinNetworks[id]?.standardChain === chain)
}

/** How addresses are written on a network; testnet's for a `bip122` network Latch does not know. */
export function addressParamsOf(caipNetworkId: string): AddressParams {
  return knownBitcoinNetworks[caipNetworkId]?.params ?? testParams
}

/** A network the integrator did not configure but the wallet is on, so the UI can show UnsupportedChain. */
export function placeholderBitcoinNetwork(caipNetworkId: CaipNetworkId): CaipNetwork {
  return network(caipNetworkId, undefined, caipNetworkId !== bitcoin.caipNetworkId)
}
