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

/** One namespace of a session proposal: its chains (CAIP-2), methods and events. */
export type ProposalNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[] }

/**
 * The namespaces Latch proposes: one per family that is registered (`families`) and has configured networks, with
 * every configured network of it, the family's allowed methods (or the integrator's), and the default events.
 */
export function proposalNamespaces(
  networks: readonly CaipNetwork[],
  families: readonly ChainNamespace[],
  methods: Partial<Record<ChainNamespace, readonly string[]>> = {},
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const ns of families) {
    const chains = [...new Set(networks.filter((n) => n.chainNamespace === ns).map((n) => n.caipNetworkId))]
    if (chains.length === 0) continue
    result[ns] = { chains, methods: [...(methods[ns] ?? defaultAllowedMethods[ns])], events: [...defaultEvents] }
  }
  return result
}

/** What a session gives one family: its accounts (CAIP-10), the chains they are on, and the methods approved. */
export type SessionFamily = { ns: ChainNamespace; caipAddresses: CaipAddress[]; accounts: ConnectionAccount[]; chains: CaipNetworkId[]; methods: string[] }

const sessionNamespaces = z.record(
  z.string().check(z.maxLength(32)),
  z.object({
    accounts: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000)),
    chains: z.optional(z.array(z.string().check(z.maxLength(100)))),
    methods: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000)),
    events: z.optional(z.array(z.string())),
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
    families.push({ ns: key as ChainNamespace, caipAddresses, accounts, chains, methods })
  }
  if (families.length === 0) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet approved no account on a network this dapp asked for' })
  return families
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
