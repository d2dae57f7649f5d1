/**
 * The WalletConnect dev wallet's namespaces (docs/walletconnect.md, "The dev wallet"): eip155 on the given anvil
 * chains (./eip155.ts), solana (./solana.ts) and bip122 (./bitcoin.ts) on the chains it is told to serve, and the
 * routing of a request to its namespace by the request's chain.
 */
import { bitcoinMethods, createBitcoinSigner } from './bitcoin'
import { createSigner, walletMethods, type WalletChain } from './eip155'
import type { FamilyOffer } from './namespaces'
import { WalletError } from './params'
import { createSolanaSigner, solanaMethods } from './solana'

/** What a request's answer may do to its session: tell the dapp the wallet moved to another chain (eip155). */
export type SessionActions = { switchTo(caip: string): Promise<void> }

/** One namespace the wallet offers, and its answer to a request on one of its chains. */
export type WalletFamily = FamilyOffer & { answer(method: string, params: unknown, chainId: string, session: SessionActions): unknown }

/** The chains the wallet serves in each namespace. */
export type FamilyChains = {
  /** The anvil chains (ids and RPC URLs). */
  eip155: readonly WalletChain[]
  /** CAIP-2 ids such as `solana:localnet`. */
  solana?: readonly string[]
  /** CAIP-2 ids such as `bip122:0f9188f13cb7b2c71f2a335e3a4fc328` (regtest). */
  bip122?: readonly string[]
}

/** Throws unless every chain of `ns` is a CAIP-2 id of that namespace. */
function checkChains(ns: string, chains: readonly string[]): readonly string[] {
  const wrong = chains.find((chain) => !new RegExp(`^${ns}:[-_a-zA-Z0-9]{1,32}$`).test(chain))
  if (wrong !== undefined) throw new Error(`the dev wallet's ${ns} chains must be CAIP-2 ids (${ns}:…), not ${JSON.stringify(wrong)}`)
  return chains
}

/** The wallet's namespaces with their keys: eip155 approves as it always did, solana and bip122 what was proposed. */
export function createFamilies(chains: FamilyChains) {
  const evm = createSigner(chains.eip155)
  const solana = createSolanaSigner()
  const bitcoin = createBitcoinSigner()
  const families = {
    eip155: {
      chains: chains.eip155.map((chain) => `eip155:${chain.chainId}`),
      addressOn: () => evm.address,
      methods: walletMethods,
      approveAll: true,
      answer: (method, params, chainId, session) => evm.answer(method, params, chainId, session.switchTo),
    },
    solana: {
      chains: checkChains('solana', chains.solana ?? []),
      addressOn: () => solana.address,
      methods: solanaMethods,
      answer: (method, params) => solana.answer(method, params),
    },
    bip122: {
      chains: checkChains('bip122', chains.bip122 ?? []),
      addressOn: bitcoin.addressOn,
      methods: bitcoinMethods,
      answer: (method, params, chainId) => bitcoin.answer(method, params, chainId),
    },
  } satisfies Record<string, WalletFamily>
  return { families, evmAddress: evm.address, solanaAddress: solana.address }
}

/**
 * Answers a request with the namespace of its chain. eip155 checks the chain only where it matters (sending, switching),
 * as it always did; solana and bip122 answer on the chains they serve, and any other chain is 4902.
 */
export function answerRequest(families: Readonly<Record<string, WalletFamily>>, method: string, params: unknown, chainId: string, session: SessionActions): unknown {
  const ns = chainId.split(':')[0] as string
  const family = Object.hasOwn(families, ns) ? families[ns] : undefined
  if (!family || (ns !== 'eip155' && !family.chains.includes(chainId))) throw new WalletError(4902, `Unrecognized chain ${chainId}`)
  return family.answer(method, params, chainId, session)
}
