/**
 * Which namespaces the WalletConnect dev wallet approves for a proposal (docs/walletconnect.md, "The dev wallet"):
 * the pure rule, apart from the SDK. A proposal names namespaces as `eip155` (with `chains`) or as a CAIP-2 key
 * (`eip155:1`, no `chains`).
 */

/** The events the wallet approves in every namespace. */
export const walletEvents = ['chainChanged', 'accountsChanged'] as const

/** What the wallet offers in one namespace. */
export type FamilyOffer = {
  /** The CAIP-2 ids it serves. */
  chains: readonly string[]
  /** Its address on a chain it serves. */
  addressOn(chainId: string): string
  /** The methods it answers. */
  methods: readonly string[]
  /**
   * Approve every chain it serves and every method it answers whatever the proposal named (the eip155 namespace, as
   * the wallet always did); otherwise only the proposed chains and methods.
   */
  approveAll?: boolean
}

type ProposedNamespace = { chains?: readonly string[]; methods?: readonly string[]; events?: readonly string[] }

/** The part of a session proposal this rule reads (sign-client's `params` of `session_proposal`). */
export type Proposal = { requiredNamespaces?: Readonly<Record<string, ProposedNamespace>>; optionalNamespaces?: Readonly<Record<string, ProposedNamespace>> }

export type SessionNamespace = { chains: string[]; accounts: string[]; methods: string[]; events: string[] }

/** Why a proposal is rejected: a required chain, method or event the wallet lacks, or nothing it serves at all. */
export type Refusal = 'unsupportedChains' | 'unsupportedMethods' | 'unsupportedEvents'

/** The namespaces to approve, or why the proposal is rejected. */
export type SessionPlan = { approve: Record<string, SessionNamespace> } | { reject: Refusal }

type Asked = { ns: string; chains: readonly string[]; methods: readonly string[]; events: readonly string[] }

/** Each proposed namespace, keyed by its namespace (`eip155`), whichever way the proposal wrote it. */
function readAsked(namespaces: Proposal['requiredNamespaces']): Asked[] {
  return Object.entries(namespaces ?? {}).map(([key, value]) => ({
    ns: key.split(':')[0] as string,
    chains: value.chains ?? [key],
    methods: value.methods ?? [],
    events: value.events ?? [],
  }))
}

/** Why a required namespace cannot be met by `offer`, if it cannot. */
function refuseRequired(asked: Asked, offer: FamilyOffer | undefined): Refusal | undefined {
  if (!offer || asked.chains.some((chain) => !offer.chains.includes(chain))) return 'unsupportedChains'
  if (asked.methods.some((method) => !offer.methods.includes(method))) return 'unsupportedMethods'
  if (asked.events.some((event) => !(walletEvents as readonly string[]).includes(event))) return 'unsupportedEvents'
  return undefined
}

/**
 * Plans the answer to a proposal. A required namespace must be met in full: its chains served, its methods answered,
 * its events among `walletEvents`, or the proposal is rejected. Each offered namespace the proposal names (required
 * or optional) is approved on the chains it serves of those proposed, with the proposed methods it answers (or all of
 * them with `approveAll`), one account a chain; a namespace on no served chain is left out. A proposal that leaves
 * nothing to approve is rejected as `unsupportedChains`.
 */
export function planSession(proposal: Proposal, offers: Readonly<Record<string, FamilyOffer>>): SessionPlan {
  const required = readAsked(proposal.requiredNamespaces)
  const asked = [...required, ...readAsked(proposal.optionalNamespaces)]
  for (const namespace of required) {
    const refusal = refuseRequired(namespace, Object.hasOwn(offers, namespace.ns) ? offers[namespace.ns] : undefined)
    if (refusal) return { reject: refusal }
  }
  const approve: Record<string, SessionNamespace> = {}
  for (const [ns, offer] of Object.entries(offers)) {
    const mine = asked.filter((namespace) => namespace.ns === ns)
    if (mine.length === 0) continue
    const chains = offer.approveAll ? [...offer.chains] : offer.chains.filter((chain) => mine.some((namespace) => namespace.chains.includes(chain)))
    if (chains.length === 0) continue
    const methods = offer.approveAll ? [...offer.methods] : offer.methods.filter((method) => mine.some((namespace) => namespace.methods.includes(method)))
    approve[ns] = { chains, accounts: chains.map((chain) => `${chain}:${offer.addressOn(chain)}`), methods, events: [...walletEvents] }
  }
  return Object.keys(approve).length > 0 ? { approve } : { reject: 'unsupportedChains' }
}
