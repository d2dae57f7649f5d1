/**
 * A Farcaster ID registry on a local anvil (docs/wallet-service.md, "Farcaster"): a tiny contract that answers
 * `custodyOf(uint256 fid) returns (address)` as Optimism's IdRegistry does, so the wallet service reads it through its
 * RPC ID registry (WALLET_FARCASTER_ID_REGISTRY, WALLET_FARCASTER_RPC_URL). It is put on the chain with `anvil_setCode`
 * (no deployment, no sender, no nonce spent) and an fid is registered by writing its custody address into storage slot
 * `fid` with `anvil_setStorageAt`.
 *
 * The runtime, written by hand (32 bytes of code):
 *
 *     PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR     the first 4 bytes of the call: the selector
 *     PUSH4 0x65269e47 EQ PUSH1 0x13 JUMPI    custodyOf(uint256)? jump to 0x13
 *     PUSH1 0 DUP1 REVERT                     any other call reverts (the selector is checked)
 *     0x13: JUMPDEST PUSH1 4 CALLDATALOAD     the fid
 *     SLOAD PUSH1 0 MSTORE                    its slot: the custody address (zero for an fid nobody registered)
 *     PUSH1 0x20 PUSH1 0 RETURN               returned as one 32-byte word, as the ABI encodes an address
 */
import { getAddress, pad, toHex, type Address, type Hex } from 'viem'

/** `custodyOf(uint256)`'s selector: the first 4 bytes of keccak256 of its signature (the test recomputes it). */
export const custodyOfSelector = '0x65269e47'

/** The registry's runtime bytecode (see above). */
export const idRegistryRuntime: Hex = `0x60003560e01c63${custodyOfSelector.slice(2)}14601357600080fd5b6004355460005260206000f3`

/** Where the local stack puts it: the address of Optimism's IdRegistry, so the same on every local anvil. */
export const localIdRegistryAddress: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'refused'}`)
  return body.result
}

/**
 * Puts the registry on the anvil at `rpcUrl` (at `address`, default localIdRegistryAddress) and registers each fid with
 * its custody address. Answers the registry's address.
 */
export async function installIdRegistry(rpcUrl: string, fids: readonly { fid: number; custody: Address }[], address: Address = localIdRegistryAddress): Promise<Address> {
  await rpc(rpcUrl, 'anvil_setCode', [address, idRegistryRuntime])
  for (const { fid, custody } of fids) await registerFid(rpcUrl, fid, custody, address)
  return getAddress(address)
}

/** Registers (or moves) an fid: its storage slot holds the custody address; the zero address unregisters it. */
export async function registerFid(rpcUrl: string, fid: number, custody: Address, address: Address = localIdRegistryAddress): Promise<void> {
  if (!Number.isSafeInteger(fid) || fid < 1) throw new Error(`not an fid: ${fid}`)
  await rpc(rpcUrl, 'anvil_setStorageAt', [address, pad(toHex(fid)), pad(getAddress(custody.toLowerCase()))])
}
