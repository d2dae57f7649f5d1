/**
 * Farcaster's ID registry as the wallet service asks it (docs/wallet-service.md, "Farcaster"): which address holds an
 * fid's custody. A Sign In With Farcaster message is believed only when signed by that address.
 *
 * Two implementations: a configured map (WALLET_FARCASTER_CUSTODY), for tests, and a read of an ID registry contract's
 * `custodyOf(uint256) returns (address)` through a JSON-RPC node (WALLET_FARCASTER_ID_REGISTRY and
 * WALLET_FARCASTER_RPC_URL): Optimism's IdRegistry in production, the local stack's small registry on anvil
 * (scripts/devnet/farcaster-registry.ts) in development.
 */
import { createPublicClient, getAddress, http, isAddressEqual, zeroAddress, type Address } from 'viem'

/** The custody address of an fid, or undefined when the fid has none (not registered). May reject (an RPC down). */
export interface IdRegistry {
  custodyOf(fid: number): Promise<Address | undefined>
}

/** An ID registry from a fixed map of fid to custody address. */
export function mapIdRegistry(custody: ReadonlyMap<number, Address> | Readonly<Record<number, Address>>): IdRegistry {
  const entries = new Map<number, Address>()
  for (const [fid, address] of custody instanceof Map ? custody : Object.entries(custody).map(([fid, address]) => [Number(fid), address] as const)) {
    if (!Number.isSafeInteger(fid) || fid < 1) throw new Error(`not an fid: ${String(fid).slice(0, 40)}`)
    entries.set(fid, getAddress(address.toLowerCase()))
  }
  return { custodyOf: async (fid) => entries.get(fid) }
}

/**
 * Reads WALLET_FARCASTER_CUSTODY's form: `fid=0xaddress` entries, comma-separated (`1=0xf39F…,2=0x7099…`). Throws a
 * message naming the entry that is wrong.
 */
export function parseCustodyMap(text: string): Map<number, Address> {
  const custody = new Map<number, Address>()
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([1-9]\d{0,15})=(0x[0-9a-fA-F]{40})$/.exec(entry)
    if (!match || !Number.isSafeInteger(Number(match[1]))) throw new Error(`not fid=0xaddress: ${JSON.stringify(entry.slice(0, 80))}`)
    custody.set(Number(match[1]), getAddress((match[2] as string).toLowerCase()))
  }
  return custody
}

/** The ABI of the one function the service reads: Optimism's IdRegistry `custodyOf(uint256 fid) returns (address owner)`. */
export const custodyOfAbi = [
  { type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'owner', type: 'address' }] },
] as const

/**
 * An ID registry read on a chain: `custodyOf(fid)` of the contract at `address` through the JSON-RPC node at `rpcUrl`
 * (an `eth_call` at the latest block, 5 s at most, one retry). The zero address is an fid nobody registered
 * (undefined); a node that fails or answers nonsense rejects (FARCASTER_REGISTRY_UNAVAILABLE).
 */
export function rpcIdRegistry(options: { address: Address; rpcUrl: string }): IdRegistry {
  const client = createPublicClient({ transport: http(options.rpcUrl, { timeout: 5_000, retryCount: 1 }) })
  const address = getAddress(options.address.toLowerCase())
  return {
    async custodyOf(fid) {
      const owner = await client.readContract({ address, abi: custodyOfAbi, functionName: 'custodyOf', args: [BigInt(fid)] })
      return isAddressEqual(owner, zeroAddress) ? undefined : getAddress(owner)
    },
  }
}
