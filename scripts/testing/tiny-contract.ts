/**
 * A tiny contract for tests, as bytecode (no compiler): `set(uint256)` stores the value and logs
 * it as the single topic of a LOG1; any shorter call data (`value()`) returns what is stored.
 */
import type { Hex } from 'viem'

/** Runtime: if calldatasize < 36 return sload(0); else v = calldataload(4), sstore(0, v), log1(0, 0, v). */
const runtime = '602436106014576004358060005560006000a1005b60005460005260206000f3'

/** Creation code: copies the 32-byte runtime to memory and returns it. */
export const tinyContractBytecode: Hex = `0x6020600c60003960206000f3${runtime}`

export const tinyContractAbi = [
  { type: 'function', name: 'set', inputs: [{ name: 'value', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' },
  { type: 'function', name: 'value', inputs: [], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
] as const
