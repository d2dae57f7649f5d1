/**
 * The local stack's contracts: Multicall3 at its canonical address and two demo ERC-20 tokens,
 * the same on every anvil, with the dev accounts funded. Installed with anvil_setCode and
 * anvil_setStorageAt (about 20 local calls, a few milliseconds): no transaction is sent, so no
 * dev account's nonce or ether changes, and a contract a test deploys never lands on one of these.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { encodeAbiParameters, keccak256, numberToHex, pad, toHex } from 'viem'
import { anvilAccounts } from './anvil'
import { demoTokenCode } from './contracts/demo-token-code'

/** Where Multicall3 lives on every EVM chain that has it (and on the stack's anvils). */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** A demo token: where it is, what it says of itself, and what each dev account holds (in base units). */
export type DemoToken = { address: `0x${string}`; name: string; symbol: string; decimals: number; balance: bigint }

/**
 * The two demo tokens: 6 decimals (a dollar-like token) and 18. Their addresses are outside any
 * CREATE or CREATE2 range a test could reach by deploying.
 */
export const demoTokens: readonly DemoToken[] = [
  { address: '0x1A7C0000000000000000000000000000000000D6', name: 'Demo Dollar', symbol: 'DUSD', decimals: 6, balance: 1_250_500_000n },
  { address: '0x1A7C000000000000000000000000000000000012', name: 'Demo Token', symbol: 'DEMO', decimals: 18, balance: 42_000_000_000_000_000_000n },
]

/** The accounts the demo tokens fund: anvil's first dev accounts. */
export const fundedAccounts: readonly string[] = anvilAccounts

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (json.error) throw new Error(`${method}: ${json.error.message}`)
  return json.result
}

/** Multicall3's creation code as viem ships it (the canonical deployment), read from viem's files: it is not a public export. */
function multicall3CreationCode(): `0x${string}` {
  const require = createRequire(import.meta.url)
  const file = join(dirname(require.resolve('viem/package.json')), '_esm/constants/contracts.js')
  const match = /export const multicall3Bytecode = '(0x[0-9a-f]+)'/.exec(readFileSync(file, 'utf8'))
  if (!match?.[1]) throw new Error(`no multicall3Bytecode in ${file}`)
  return match[1] as `0x${string}`
}

/** A Solidity string shorter than 32 bytes as one storage word: the bytes left-aligned, the length × 2 in the last byte. */
export function shortStringWord(text: string): `0x${string}` {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length > 31) throw new Error(`"${text}" is too long for a short storage string`)
  const word = new Uint8Array(32)
  word.set(bytes)
  word[31] = bytes.length * 2
  return toHex(word)
}

/** The storage slot of `mapping(address => …)` at `slot` for `key`. */
function mappingSlot(key: string, slot: number): `0x${string}` {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key as `0x${string}`, BigInt(slot)]))
}

const word = (value: bigint | number) => pad(numberToHex(value), { size: 32 })

/** Installs Multicall3 and the demo tokens on the anvil at `url`, funding `accounts` (default: the first dev accounts). */
export async function installDemoContracts(url: string, accounts: readonly string[] = fundedAccounts): Promise<void> {
  // eth_call of creation code runs the constructor and returns the code it would deploy.
  const multicall3 = await rpc(url, 'eth_call', [{ data: multicall3CreationCode() }, 'latest'])
  await rpc(url, 'anvil_setCode', [multicall3Address, multicall3])
  for (const token of demoTokens) {
    // Slots as DemoToken.sol numbers them: 0 balanceOf, 2 totalSupply, 3 name, 4 symbol, 5 decimals.
    const writes: [string, string][] = [
      [word(2), word(token.balance * BigInt(accounts.length))],
      [word(3), shortStringWord(token.name)],
      [word(4), shortStringWord(token.symbol)],
      [word(5), word(token.decimals)],
      ...accounts.map((account): [string, string] => [mappingSlot(account, 0), word(token.balance)]),
    ]
    await rpc(url, 'anvil_setCode', [token.address, demoTokenCode])
    for (const [slot, value] of writes) await rpc(url, 'anvil_setStorageAt', [token.address, slot, value])
  }
}
