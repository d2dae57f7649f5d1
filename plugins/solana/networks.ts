/**
 * Solana networks (docs/solana.md, "Networks"): CAIP-2 ids are `solana:` and the first 32 characters of the
 * cluster's genesis hash; wallet-standard wallets name the same clusters `solana:mainnet`, `solana:devnet` …
 */
import { constants, markLibraryDefaultRpc, type CaipNetwork, type CaipNetworkId } from '../../kernel/index'

/** The CAIP-2 id of each cluster. `localnet` is the id of a local validator (its genesis changes on every start). */
export const solanaCaipNetworkIds = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  localnet: 'solana:localnet',
} as const satisfies Record<string, CaipNetworkId>

/** Older ids some wallets and sessions still send for mainnet and devnet; read as the cluster they stood for. */
const deprecatedIds: Readonly<Record<string, keyof typeof solanaCaipNetworkIds>> = {
  'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ': 'mainnet',
  'solana:8E9rvCKLFQia2Y35HvivXdhuLtU1zykF4': 'devnet',
}

/** Options of the network factories. */
export type SolanaNetworkOptions = {
  /** Your RPC endpoints (http(s)); without them the cluster's public endpoint is used, and `createLatch` warns once. */
  rpcUrls?: readonly string[]
  /** An image for the network list. */
  imageUrl?: string
}

type Cluster = 'mainnet' | 'devnet' | 'testnet'

const clusters: Record<Cluster, { name: string; rpc: string; explorer: string; testnet: boolean; deprecated?: CaipNetworkId }> = {
  mainnet: { name: 'Solana', rpc: 'https://api.mainnet-beta.solana.com', explorer: 'https://explorer.solana.com', testnet: false, deprecated: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ' },
  devnet: { name: 'Solana Devnet', rpc: 'https://api.devnet.solana.com', explorer: 'https://explorer.solana.com/?cluster=devnet', testnet: true, deprecated: 'solana:8E9rvCKLFQia2Y35HvivXdhuLtU1zykF4' },
  testnet: { name: 'Solana Testnet', rpc: 'https://api.testnet.solana.com', explorer: 'https://explorer.solana.com/?cluster=testnet', testnet: true },
}

const sol = { name: 'Solana', symbol: 'SOL', decimals: constants.decimals.solana } as const

function clusterNetwork(cluster: Cluster, options: SolanaNetworkOptions): CaipNetwork {
  const spec = clusters[cluster]
  const caipNetworkId = solanaCaipNetworkIds[cluster]
  const network: CaipNetwork = {
    id: caipNetworkId.slice('solana:'.length),
    caipNetworkId,
    chainNamespace: 'solana',
    name: spec.name,
    nativeCurrency: { ...sol },
    rpcUrls: { default: { http: [...(options.rpcUrls ?? [spec.rpc])] } },
    blockExplorers: { default: { name: 'Solana Explorer', url: spec.explorer } },
    testnet: spec.testnet,
    ...(spec.deprecated ? { deprecatedCaipNetworkId: spec.deprecated } : {}),
    ...(options.imageUrl ? { assets: { imageUrl: options.imageUrl } } : {}),
  }
  // docs/networks.md, "Which hosts Latch talks to": a public endpoint the integrator never typed is warned about.
  return options.rpcUrls ? network : markLibraryDefaultRpc(network, 'the Solana cluster')
}

/** Solana mainnet (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, 9 decimals). */
export function solanaMainnet(options: SolanaNetworkOptions = {}): CaipNetwork {
  return clusterNetwork('mainnet', options)
}

/** Solana devnet (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). */
export function solanaDevnet(options: SolanaNetworkOptions = {}): CaipNetwork {
  return clusterNetwork('devnet', options)
}

/** Solana testnet (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`). */
export function solanaTestnet(options: SolanaNetworkOptions = {}): CaipNetwork {
  return clusterNetwork('testnet', options)
}

/** A local validator (`solana:localnet`): the demo's SVM, `solana-test-validator`, or any cluster on your machine. */
export function solanaLocalnet({ rpcUrl, name = 'Solana Localnet' }: { rpcUrl: string; name?: string }): CaipNetwork {
  return {
    id: 'localnet',
    caipNetworkId: solanaCaipNetworkIds.localnet,
    chainNamespace: 'solana',
    name,
    nativeCurrency: { ...sol },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  }
}

/** The wallet-standard chain (`solana:devnet`) of a Solana network id, current or deprecated; undefined for a cluster it has no name for. */
export function walletChainOf(caipNetworkId: string): `solana:${string}` | undefined {
  for (const [cluster, id] of Object.entries(solanaCaipNetworkIds)) if (id === caipNetworkId) return `solana:${cluster}`
  const deprecated = Object.hasOwn(deprecatedIds, caipNetworkId) ? deprecatedIds[caipNetworkId] : undefined
  return deprecated ? `solana:${deprecated}` : undefined
}
