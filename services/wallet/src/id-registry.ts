/**
 * Farcaster's ID registry as the wallet service asks it (docs/wallet-service.md, "Farcaster"): which address holds an
 * fid's custody. A Sign In With Farcaster message is believed only when signed by that address.
 *
 * One implementation today, a configured map (WALLET_FARCASTER_CUSTODY), for development and tests. On the local chain
 * it will be a lookup of the ID registry contract deployed there, and in production of Optimism's IdRegistry
 * (`custodyOf(fid)`) through an RPC node: both fit this interface unchanged.
 */
import { getAddress, type Address } from 'viem'

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
