/**
 * Token balances from the chain itself (docs/behaviour.md, "Token balances"): one `eth_call` of
 * Multicall3's `aggregate3` carrying `balanceOf` for every listed token, and `decimals`, `symbol` and
 * `name` the first time a token's entry leaves them out. Loaded only when the integrator gives a token
 * list, so a dapp without one never downloads it.
 */
import { firstValueFrom } from 'rxjs'
import { LatchError, type Ports } from '../../../kernel/index'
import { formatUnitsToDecimalString } from '../../../kernel/rules/display'
import { type TokenBalance } from '../../../kernel/rules/token-balances'
import { rpcCall } from '../rpc'
import { decodeAggregate3, decodeString, decodeUint, encodeAggregate3, encodeBalanceOf, selectors, type Call, type CallResult } from './abi'
import type { ListedToken } from './options'

/** Where Multicall3 is deployed on every chain that has it. */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** What a token says of itself, once known. */
export type TokenMetadata = { decimals: number; symbol: string; name: string }

/** Parameters of `readChainTokenBalances`. */
export type ReadChainParameters = {
  url: string
  owner: string
  caipNetworkId: string
  tokens: readonly ListedToken[]
  /** Metadata already read, by token address; filled in by this call. */
  metadata: Map<string, TokenMetadata>
}

/** The balances read, and the tokens that turned out not to be ERC-20s here (with why). */
export type ReadChainResult = { balances: TokenBalance[]; rejected: { address: string; reason: string }[] }

type Field = 'decimals' | 'symbol' | 'name'

/**
 * Reads the owner's balance of every token in one request. A token that answers no balance or no
 * decimals is returned in `rejected`, not thrown; a request that fails, or a chain without Multicall3,
 * throws `TOKEN_BALANCE_UNAVAILABLE`.
 */
export async function readChainTokenBalances(ports: Ports, parameters: ReadChainParameters): Promise<ReadChainResult> {
  const { url, owner, caipNetworkId, tokens, metadata } = parameters
  const calls: Call[] = []
  const plan = tokens.map((token) => {
    const balance = calls.push({ target: token.address, data: encodeBalanceOf(owner) }) - 1
    const known = metadata.get(token.address)
    const ask = (field: Field, given: unknown) =>
      given === undefined && known === undefined ? calls.push({ target: token.address, data: `0x${selectors[field]}` }) - 1 : undefined
    return { token, known, balance, decimals: ask('decimals', token.decimals), symbol: ask('symbol', token.symbol), name: ask('name', token.name) }
  })
  const results = await aggregate(ports, url, caipNetworkId, calls)
  const at = (index: number | undefined) => (index === undefined ? undefined : results[index])
  const balances: TokenBalance[] = []
  const rejected: ReadChainResult['rejected'] = []
  for (const step of plan) {
    const { token } = step
    const raw = read(results[step.balance], decodeUint)
    if (raw === undefined) {
      rejected.push({ address: token.address, reason: `balanceOf(${owner}) failed or answered nothing: not an ERC-20 contract on ${caipNetworkId}` })
      continue
    }
    const decimals = token.decimals ?? step.known?.decimals ?? smallInt(read(at(step.decimals), decodeUint))
    if (decimals === undefined) {
      rejected.push({ address: token.address, reason: `decimals() failed or is over 255 on ${caipNetworkId}; give decimals in the token list` })
      continue
    }
    const symbol = token.symbol ?? step.known?.symbol ?? text(read(at(step.symbol), decodeString), 32)
    if (!symbol) {
      rejected.push({ address: token.address, reason: `symbol() failed or is empty on ${caipNetworkId}; give symbol in the token list` })
      continue
    }
    const name = token.name ?? step.known?.name ?? text(read(at(step.name), decodeString), 100) ?? symbol
    metadata.set(token.address, { decimals, symbol, name })
    balances.push({
      name,
      symbol,
      chainId: caipNetworkId,
      address: token.address,
      quantity: { decimals: String(decimals), numeric: formatUnitsToDecimalString(raw, decimals) },
      ...(token.iconUrl === undefined ? {} : { iconUrl: token.iconUrl }),
    })
  }
  return { balances, rejected }
}

async function aggregate(ports: Ports, url: string, caipNetworkId: string, calls: readonly Call[]): Promise<CallResult[]> {
  const unavailable = (details: string, cause?: unknown) => new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details, cause })
  let result: unknown
  try {
    result = await firstValueFrom(rpcCall(ports, url, 'eth_call', [{ to: multicall3Address, data: encodeAggregate3(calls) }, 'latest']))
  } catch (cause) {
    throw unavailable(`Multicall3 aggregate3 on ${caipNetworkId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause)
  }
  if (result === '0x') throw unavailable(`no Multicall3 at ${multicall3Address} on ${caipNetworkId}`)
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result)) throw unavailable(`aggregate3 on ${caipNetworkId} answered no bytes`)
  let decoded: CallResult[]
  try {
    decoded = decodeAggregate3(result)
  } catch (cause) {
    throw unavailable(`aggregate3 on ${caipNetworkId} answered malformed data`, cause)
  }
  if (decoded.length !== calls.length) throw unavailable(`aggregate3 on ${caipNetworkId} answered ${decoded.length} results for ${calls.length} calls`)
  return decoded
}

/** A call's decoded value, or undefined when it was not asked, failed, or answered something else. */
function read<T>(result: CallResult | undefined, decode: (data: string) => T): T | undefined {
  if (!result?.success) return undefined
  try {
    return decode(result.data)
  } catch {
    return undefined
  }
}

function smallInt(value: bigint | undefined): number | undefined {
  return value !== undefined && value <= 255n ? Number(value) : undefined
}

/** A token's own text, trimmed and bounded; undefined when empty. */
function text(value: string | undefined, max: number): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, max) : undefined
}
