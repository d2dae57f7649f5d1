/**
 * docs/walletconnect.md, "Sessions": the pure rules of a WalletConnect session — what Latch asks a wallet for, what
 * it accepts of the wallet's answer, when a pending pairing is reused, and how a chain switch goes.
 */
import * as z from 'zod/mini'
import { constants, LatchError, type CaipAddress, type CaipNetwork, type CaipNetworkId, type ChainNamespace, type ConnectionAccount } from '../../kernel/index'
import { defaultAllowedMethods } from '../../kernel/rules/methods'
import { isCaipAddress, parseCaipAddress } from '../../kernel/rules/caip'
import { isEvmAddress } from '../../kernel/rules/address'
import { isSolanaAddress } from '../../kernel/rules/solana-address'

/** The events Latch asks every family's wallet for. */
export const defaultEvents = ['accountsChanged', 'chainChanged'] as const

/**
 * A chain's RPC URL by the chain's reference (the part of its CAIP-2 id after the namespace: `'1'` for `eip155:1`), as a
 * session namespace's `rpcMap` holds it.
 */
export type RpcMap = Record<string, string>

/**
 * One namespace of a session proposal: its chains (CAIP-2), methods and events, the RPC URL of each configured network
 * that has an http(s) one (`rpcMap`), and the chain the dapp is on (`defaultChain`, CAIP-2).
 */
export type ProposalNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[]; rpcMap?: RpcMap; defaultChain?: CaipNetworkId }

const httpUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/))
const rpcMapSchema = z.record(z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,64}$/)), httpUrl)

/**
 * The namespaces Latch proposes: one per family that is registered (`families`) and has configured networks, with
 * every configured network of it, the family's allowed methods (or the integrator's), the default events, the networks'
 * RPC URLs (`rpcMap`) and the family's current network as `defaultChain` (its first configured one when it has none).
 */
export function proposalNamespaces(
  networks: readonly CaipNetwork[],
  families: readonly ChainNamespace[],
  methods: Partial<Record<ChainNamespace, readonly string[]>> = {},
  current: Partial<Record<ChainNamespace, CaipNetworkId | undefined>> = {},
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const ns of families) {
    const own = networks.filter((n) => n.chainNamespace === ns)
    const chains = [...new Set(own.map((n) => n.caipNetworkId))]
    if (chains.length === 0) continue
    const rpcMap: RpcMap = {}
    for (const network of own) {
      const reference = referenceOf(network.caipNetworkId)
      const url = network.rpcUrls.default.http.find((candidate) => z.safeParse(httpUrl, candidate).success)
      if (url && rpcMap[reference] === undefined && z.safeParse(rpcMapSchema, { [reference]: url }).success) rpcMap[reference] = url
    }
    const here = current[ns]
    const defaultChain = here && chains.includes(here) ? here : (chains[0] as CaipNetworkId)
    result[ns] = { chains, methods: [...(methods[ns] ?? defaultAllowedMethods[ns])], events: [...defaultEvents], ...(Object.keys(rpcMap).length > 0 ? { rpcMap } : {}), defaultChain }
  }
  return result
}

/**
 * What the sign-client is handed of the proposal: each namespace's chains, methods and events. `rpcMap` and
 * `defaultChain` stay with Latch (docs/walletconnect.md, "Sessions"): the sign-client drops them from what it sends,
 * and an RPC URL may hold the integrator's key.
 */
export function wireNamespaces(proposed: Readonly<Record<string, ProposalNamespace>>): Record<string, { chains: string[]; methods: string[]; events: string[] }> {
  return Object.fromEntries(Object.entries(proposed).map(([ns, { chains, methods, events }]) => [ns, { chains, methods, events }]))
}

/** The reference of a CAIP-2 id: `'1'` for `eip155:1`. */
function referenceOf(caipNetworkId: string): string {
  return caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)
}

/**
 * What a session gives one family: its accounts (CAIP-10), the chains they are on, the methods approved, the RPC URL of
 * each of those chains the session names (`rpcMap`) and its default chain (`defaultChain`, one of `chains`).
 */
export type SessionFamily = {
  ns: ChainNamespace
  caipAddresses: CaipAddress[]
  accounts: ConnectionAccount[]
  chains: CaipNetworkId[]
  methods: string[]
  /** The events the wallet approved of those Latch proposed. */
  events: string[]
  rpcMap: RpcMap
  defaultChain: CaipNetworkId
}

const sessionNamespaces = z.record(
  z.string().check(z.maxLength(32)),
  z.object({
    accounts: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000)),
    chains: z.optional(z.array(z.string().check(z.maxLength(100)))),
    methods: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000)),
    events: z.optional(z.array(z.string())),
    rpcMap: z.optional(z.unknown()),
    defaultChain: z.optional(z.unknown()),
  }),
)

/**
 * Whether `address` is an account of family `ns` on `chain`, by the family's own rule: 40 hex digits (optional `0x`) for
 * EVM, base58 of a 32-byte key for Solana, a valid address of that Bitcoin network for bip122.
 */
function isFamilyAddress(ns: string, chain: CaipNetworkId, address: string, rules: AddressRules): boolean {
  if (ns === 'eip155') return isEvmAddress(address)
  if (ns === 'solana') return isSolanaAddress(address)
  if (ns === 'bip122') return rules.bip122?.(address, chain) === true
  return false
}

/**
 * The address rules that live outside the kernel: Bitcoin's is the bip122 plugin's (`loadBitcoinAddressRule`, loaded
 * on demand). Without it, no Bitcoin account is accepted.
 */
export type AddressRules = { bip122?: (address: unknown, caipNetworkId: string) => boolean }

/**
 * Reads the namespaces a wallet approved against those proposed. Families Latch did not propose, and accounts on
 * chains it did not propose, are left out. A malformed answer, a malformed CAIP-10 account, an account filed under
 * another namespace, an account on a proposed chain that is not an address of its family, or no usable account at all
 * is `INVALID_RESPONSE`: the session is refused, not half used. The methods a family may use are those the wallet
 * approved that Latch proposed: a wallet cannot widen them.
 */
export function readSessionFamilies(approved: unknown, proposed: Readonly<Record<string, ProposalNamespace>>, rules: AddressRules = {}): SessionFamily[] {
  const parsed = z.safeParse(sessionNamespaces, approved)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet approved a session whose namespaces are malformed' })
  const families: SessionFamily[] = []
  for (const [key, value] of Object.entries(parsed.data)) {
    const wanted = Object.hasOwn(proposed, key) ? proposed[key] : undefined
    if (!wanted) continue
    const caipAddresses: CaipAddress[] = []
    for (const account of value.accounts) {
      if (!isCaipAddress(account)) throw new LatchError('INVALID_RESPONSE', { details: `the wallet approved a malformed CAIP-10 account ${JSON.stringify(account.slice(0, 100))}` })
      const { namespace, reference } = parseCaipAddress(account)
      if (namespace !== key) throw new LatchError('INVALID_RESPONSE', { details: `the wallet filed ${JSON.stringify(account.slice(0, 100))} under the namespace ${key}` })
      const chain = `${namespace}:${reference}` as CaipNetworkId
      if (!wanted.chains.includes(chain)) continue
      if (!isFamilyAddress(key, chain, parseCaipAddress(account).address, rules)) {
        throw new LatchError('INVALID_RESPONSE', { details: `the wallet approved ${JSON.stringify(account.slice(0, 100))}, not a ${key} address` })
      }
      caipAddresses.push(account)
    }
    if (caipAddresses.length === 0) continue
    const chains = [...new Set(caipAddresses.map((a) => a.split(':').slice(0, 2).join(':') as CaipNetworkId))]
    const seen = new Set<string>()
    const accounts: ConnectionAccount[] = []
    for (const caip of caipAddresses) {
      const address = parseCaipAddress(caip).address
      if (seen.has(address.toLowerCase())) continue
      seen.add(address.toLowerCase())
      accounts.push({ address })
    }
    const methods = [...new Set(value.methods.filter((method) => wanted.methods.includes(method)))]
    const events = [...new Set((value.events ?? []).filter((event) => wanted.events.includes(event)))]
    const extras = sessionExtras(chains, value, wanted)
    families.push({ ns: key as ChainNamespace, caipAddresses, accounts, chains, methods, events, ...extras })
  }
  if (families.length === 0) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet approved no account on a network this dapp asked for' })
  return families
}

/**
 * A family's `rpcMap` and `defaultChain` (docs/walletconnect.md, "Sessions"), read with the session's approved chains,
 * zod-checked. The RPC URLs are Latch's proposal's (the configured networks'), for the chains the session approved: a
 * wallet's own `rpcMap` is never taken. The default chain is the wallet's when its namespace names an approved chain,
 * else the proposal's when approved, else the first approved chain.
 */
function sessionExtras(chains: readonly CaipNetworkId[], approved: { defaultChain?: unknown }, wanted: ProposalNamespace): { rpcMap: RpcMap; defaultChain: CaipNetworkId } {
  const source = wanted.rpcMap ?? {}
  const rpcMap: RpcMap = {}
  for (const chain of chains) {
    const reference = referenceOf(chain)
    if (Object.hasOwn(source, reference)) rpcMap[reference] = source[reference] as string
  }
  const candidates = [approved.defaultChain, wanted.defaultChain]
  const defaultChain = candidates.find((chain): chain is CaipNetworkId => typeof chain === 'string' && chains.includes(chain as CaipNetworkId)) ?? (chains[0] as CaipNetworkId)
  return { rpcMap, defaultChain }
}

const sessionPropertiesSchema = z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.unknown())
const sessionPropertyValue = z.string().check(z.maxLength(10_000))

/**
 * The session's `sessionProperties` as Latch keeps them (docs/walletconnect.md, "Sessions"): the string values under
 * keys of at most 100 characters, at most 50 of them; anything else the wallet put there is left out. Undefined when none is left.
 */
export function readSessionProperties(value: unknown): Record<string, string> | undefined {
  const parsed = z.safeParse(sessionPropertiesSchema, value)
  if (!parsed.success) return undefined
  const kept: Record<string, string> = {}
  for (const [key, entry] of Object.entries(parsed.data).slice(0, 50)) if (z.safeParse(sessionPropertyValue, entry).success) kept[key] = entry as string
  return Object.keys(kept).length > 0 ? kept : undefined
}

/** The account a family starts on: on its current network when the session has one there, else the session's first. */
export function startingAccount(family: SessionFamily, current?: CaipNetworkId): CaipAddress {
  const onCurrent = current ? accountOn(family, current) : undefined
  return onCurrent ?? (family.caipAddresses[0] as CaipAddress)
}

/** The session's account of `family` on `chain`, if it holds one there (a session may hold different accounts per chain). */
export function accountOn(family: SessionFamily, chain: CaipNetworkId): CaipAddress | undefined {
  return family.caipAddresses.find((a) => a.startsWith(`${chain}:`))
}

/** Where the page runs, as far as pairing reuse cares (docs/walletconnect.md, "Pairing"). */
export type PairingPlatform = { telegram: boolean; iosSafari: boolean }

/**
 * On Telegram and iOS Safari a pending pairing is reused while it has not expired (more than 10 s left): those
 * browsers lose a page's state when the visitor goes to the wallet and back, and a new pairing would orphan the
 * wallet's answer. Elsewhere every connect starts a fresh pairing.
 */
export function reusesPairing(platform: PairingPlatform, pending: { uri: string; expiry: number } | undefined, now: number): boolean {
  if (!pending || !(platform.telegram || platform.iosSafari)) return false
  return pending.expiry - now > constants.expiredThreshold
}

/** When a pairing made at `now` expires (4 minutes). */
export function pairingExpiry(now: number): number {
  return now + constants.pairingExpiry
}

/**
 * How a chain switch goes through a session: a chain the session approved becomes the default chain locally; else the
 * wallet is asked when it approved the family's switch method; else it fails ('Chain not approved or wallet lacks the
 * switch method').
 */
export function planChainSwitch(input: { approvedChains: readonly CaipNetworkId[]; target: CaipNetworkId; methods: readonly string[] }): 'local' | 'ask' | 'fail' {
  if (input.approvedChains.includes(input.target)) return 'local'
  const ns = input.target.split(':')[0]
  if (ns === 'eip155' && input.methods.includes('wallet_switchEthereumChain')) return 'ask'
  return 'fail'
}
