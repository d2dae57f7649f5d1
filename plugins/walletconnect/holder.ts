import { Subject, timer } from 'rxjs'
import { toSessionError } from './errors'
import { accountAddressChanged, accountConnected, accountDisconnected, networkApprovedSet, networkSwitched, LatchError, type CaipNetworkId, type ChainNamespace, type EffectContext, type LatchEvent, type State } from '../../kernel/index'
import { isUnsafeMethod } from '../../kernel/rules/methods'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/index'
import { startClient, type Client, type ClientOptions } from './client'
import { walletConnectSessionEnded, walletConnectSessionSet } from './events'
import { checkTopic } from './validity'
import { walletConnectConnectorId } from './pairing'
import { loadBitcoinAddressRule } from '../bip122/index'
import { accountOn, planChainSwitch, proposalNamespaces, readSessionFamilies, readSessionProperties, startingAccount, type AddressRules, type ProposalNamespace, type SessionFamily } from './rules'
import { served, sessionFamilies } from './served'

/** How long a disconnect waits for the relay to take the wallet's notice before the dapp forgets the session anyway. */
export const disconnectNoticeWait = 5_000

/** A request in flight through the session; an unsafe one is aborted when the visitor cancels (docs/behaviour.md, "Wallet requests"). */
type InFlight = { ns: ChainNamespace; unsafe: boolean; abort(error: LatchError): void }

/**
 * A session as the plugin holds it (docs/walletconnect.md, "Sessions"): its topic, its expiry (seconds since the epoch),
 * what it gives each family, its `sessionProperties`, and the wallet's name and icon.
 */
export type HeldSession = { topic: string; expiry: number; families: SessionFamily[]; sessionProperties?: Record<string, string>; wallet: { name: string; icon?: string } }

/** A session as the sign-client hands it over: what `adopt` reads of it. */
export type ClientSession = {
  topic: unknown
  namespaces: unknown
  expiry?: unknown
  sessionProperties?: unknown
  peer?: { metadata?: { name?: unknown; icons?: unknown } }
}

/**
 * What one kernel's WalletConnect plugin holds (docs/walletconnect.md, "Sessions"): the sign-client, started once on
 * first need, and the session in use. Events the sign-client causes on its own (a deleted session, a wallet's
 * account change) go out through `output`.
 */
export type Holder = {
  ctx: EffectContext
  options: ClientOptions
  client(): Promise<Client>
  /**
   * The sign-client already started, for what must never start one (a request, the end of a session): without one,
   * `NETWORK_ERROR` 'Sign Client not initialized' (docs/walletconnect.md, "Errors").
   */
  running(what: string): Client
  session: HeldSession | undefined
  output: Subject<LatchEvent>
  /** The requests in flight through the session. */
  inFlight: Set<InFlight>
  proposal(): Record<string, ProposalNamespace>
  /** Resolves once the address rules a session's accounts are checked with are loaded (Bitcoin's, when Bitcoin is served). */
  ready(): Promise<void>
  /**
   * Adopts an approved or restored session: reports each family it serves. `activate` names the family the visitor
   * asked for. A `'restore'` leaves the families waiting to be restored through WalletConnect to the kit's reconnect,
   * which reports them (lifecycle.ts, `restore`).
   */
  adopt(session: ClientSession, activate?: ChainNamespace, restore?: 'restore'): HeldSession
  /** The session ended: every family connected through it disconnects. */
  end(reason: 'deleted' | 'expired' | 'missing'): void
  /** Closes the relay connection and stops the sign-client's timers (the Latch instance was destroyed). */
  stop(): void
  /** The family held through WalletConnect, if `ns` is. */
  familyOf(ns: ChainNamespace): SessionFamily | undefined
  /** Aborts the family's unsafe requests in flight (the visitor cancelled). */
  cancel(ns: ChainNamespace): void
}

export function createHolder(ctx: EffectContext, options: ClientOptions): Holder {
  let started: Promise<Client> | undefined
  let live: Client | undefined
  const rules: AddressRules = {}
  let loading: Promise<void> | undefined
  const inFlight = new Set<InFlight>()
  const holder: Holder = {
    inFlight,
    ctx,
    options,
    session: undefined,
    output: new Subject<LatchEvent>(),
    client() {
      // A client that failed to start (the relay unreachable) is started afresh on the next need.
      started ??= startClient(options, ctx.getState(), ctx.ports.window).then(
        (client) => (live = client),
        (error: unknown) => {
          started = undefined
          throw error
        },
      )
      return started
    },
    running(what) {
      if (live) return live
      throw new LatchError('NETWORK_ERROR', { message: 'SIGN_CLIENT_NOT_INITIALIZED', details: `WalletConnect: ${what} reached no running sign-client (none was started, or it was stopped)` })
    },
    proposal: () => {
      const state = ctx.getState()
      const families = served(state)
      const current = Object.fromEntries(families.map((ns) => [ns, state.chains[ns].network.caipNetwork?.caipNetworkId]))
      return proposalNamespaces(allNetworks(state), families, options.methods, current)
    },
    ready() {
      // Bitcoin's rule is the bip122 plugin's, in a chunk of its own; a load that fails leaves Bitcoin accounts refused.
      loading ??= served(ctx.getState()).includes('bip122')
        ? loadBitcoinAddressRule().then(
            (rule) => void (rules.bip122 = rule),
            (error: unknown) => {
              loading = undefined
              ctx.ports.logger.warn('WalletConnect: the Bitcoin address rule did not load; Bitcoin accounts are refused', error)
            },
          )
        : Promise.resolve()
      return loading
    },
    adopt(session, activate, restore) {
      // The topic must be a string the running client holds, not expired (docs/walletconnect.md, "Topics and proposal ids").
      const topic = checkTopic('session', session.topic, holder.running('adopting a session').session, ctx.ports.scheduler.now())
      const families = readSessionFamilies(session.namespaces, holder.proposal(), rules)
      const expiry = typeof session.expiry === 'number' && Number.isFinite(session.expiry) ? session.expiry : 0
      const sessionProperties = readSessionProperties(session.sessionProperties)
      const metadata = session.peer?.metadata
      const name = typeof metadata?.name === 'string' && metadata.name.trim() ? metadata.name.trim().slice(0, 100) : 'WalletConnect'
      const icons = Array.isArray(metadata?.icons) ? metadata.icons : []
      // Only an icon carried in the session (data:): a URL would make the page fetch from the wallet's host, one the integrator never named.
      const icon = icons.find((i): i is string => typeof i === 'string' && /^data:image\//.test(i) && i.length <= 100_000)
      const held: HeldSession = { topic, expiry, families, ...(sessionProperties ? { sessionProperties } : {}), wallet: icon ? { name, icon } : { name } }
      holder.session = held
      holder.output.next(sessionSet(held))
      // Each family gets the session's part for it as a wallet it answers its intents through (docs/walletconnect.md, "Requests").
      forget(ctx)
      for (const family of families) remoteWallets(ctx).set(family.ns, walletConnectConnectorId, walletOf(holder, held, family))
      const state = ctx.getState()
      for (const family of families) {
        // A family another wallet holds (or is restoring after a reload) keeps it: the session serves it only if the visitor asks (docs/walletconnect.md, "Connecting").
        const owner = state.chains[family.ns].connectorId ?? state.chains[family.ns].reconnectConnectorId
        if (family.ns !== activate && owner !== undefined && owner !== walletConnectConnectorId) continue
        if (restore && state.chains[family.ns].connectorId === undefined && owner === walletConnectConnectorId) continue
        for (const event of familyConnected(state, held, family, family.ns === activate)) holder.output.next(event)
      }
      return held
    },
    end(reason) {
      if (!holder.session) return
      holder.session = undefined
      forget(ctx)
      holder.output.next(walletConnectSessionEnded({ reason }))
      for (const ns of connectedFamilies(ctx.getState())) holder.output.next(accountDisconnected({}, { ns }))
    },
    stop() {
      live = undefined
      void started
        ?.then(async (client) => {
          client.core.heartbeat.stop()
          await client.core.relayer.transportClose()
        })
        .catch(() => undefined)
    },
    cancel(ns) {
      for (const entry of inFlight) if (entry.ns === ns && entry.unsafe) entry.abort(new LatchError('REQUEST_ABORTED', { details: 'the visitor cancelled' }))
    },
    familyOf(ns) {
      if (ctx.getState().chains[ns].connectorId !== walletConnectConnectorId) return undefined
      return holder.session?.families.find((family) => family.ns === ns)
    },
  }
  return holder
}

/** The event that says what Latch keeps of a session it set (docs/walletconnect.md, "Sessions"). */
function sessionSet(held: HeldSession): LatchEvent {
  const namespaces = Object.fromEntries(
    held.families.map((family) => [family.ns, { chains: family.chains, methods: family.methods, events: family.events, accounts: family.caipAddresses, rpcMap: family.rpcMap, defaultChain: family.defaultChain }]),
  )
  return walletConnectSessionSet({ topic: held.topic, expiry: held.expiry, namespaces, ...(held.sessionProperties ? { sessionProperties: held.sessionProperties } : {}) })
}

/** Every configured network, across families. */
function allNetworks(state: State) {
  return Object.values(state.chains).flatMap((chain) => chain.network.requestedCaipNetworks)
}

/** Families whose connection is WalletConnect's. */
export function connectedFamilies(state: State): ChainNamespace[] {
  return served(state).filter((ns) => state.chains[ns].connectorId === walletConnectConnectorId)
}

/**
 * What a family reports when a session gives it accounts: the account on its current network when the session has
 * one there (else the session's first), that network, and the networks the session approved for it.
 */
export function familyConnected(state: State, session: HeldSession, family: SessionFamily, activate: boolean): LatchEvent[] {
  const { ns } = family
  const current = state.chains[ns].network.caipNetwork?.caipNetworkId
  const caipAddress = startingAccount(family, current)
  const caipNetworkId = caipAddress.split(':').slice(0, 2).join(':') as CaipNetworkId
  return [
    accountConnected(
      // A Bitcoin session's accounts are payment accounts: the only kind a session carries (docs/walletconnect.md).
      { caipAddress, connectorId: walletConnectConnectorId, accounts: ns === 'bip122' ? family.accounts.map((a) => ({ ...a, type: 'payment' as const })) : family.accounts, walletInfo: session.wallet },
      { ns },
    ),
    networkSwitched(activate || state.activeNamespace === undefined || state.activeNamespace === ns ? { caipNetworkId } : { caipNetworkId, activate: false }, { ns }),
    networkApprovedSet({ caipNetworkIds: family.chains, supportsAllNetworks: false }, { ns }),
  ]
}

/**
 * After the family moved to `chain` (a local switch, or the wallet's `chainChanged`): the session's account there when it
 * holds a different one than the family's current account (a session may hold one account per chain), else nothing.
 */
export function accountOnSwitch(holder: Holder, family: SessionFamily, chain: CaipNetworkId): LatchEvent[] {
  const there = accountOn(family, chain)
  const current = holder.ctx.getState().chains[family.ns].account.caipAddress
  // Addresses compared without their chain: the switch moves the current account to the new chain as it is reduced.
  const addressOf = (caip: string | undefined) => caip?.split(':')[2]?.toLowerCase()
  if (!there || addressOf(there) === addressOf(current)) return []
  return [accountAddressChanged({ caipAddress: there }, { ns: family.ns })]
}

/** Why Latch ends a session: the visitor left or disconnected (6000), or the wallet's approval does not fit (5100). */
export const endReasons = {
  userDisconnected: { code: 6000, message: 'User disconnected.' },
  unsupportedAccounts: { code: 5100, message: 'Unsupported accounts.' },
} as const

/**
 * Ends session `topic` on both sides (docs/walletconnect.md, "Connecting"): the wallet is told, and the sign-client
 * forgets it. Never rejects: a failure (the relay never took the notice, the store could not forget it) is logged as a
 * warning with what was being ended, never swallowed.
 */
export async function endSession(holder: Holder, topic: string, reason: { code: number; message: string }, what: string): Promise<void> {
  try {
    const client = holder.running(`ending ${what}`)
    checkTopic('session', topic, client.session, holder.ctx.ports.scheduler.now())
    await client.disconnect({ topic, reason })
  } catch (error) {
    holder.ctx.ports.logger.warn(`WalletConnect: ending ${what} failed; the wallet may still list it`, error)
  }
}

/** Takes every family's WalletConnect wallet back: the session ended or was replaced. */
function forget(ctx: EffectContext) {
  for (const ns of sessionFamilies) remoteWallets(ctx).set(ns, walletConnectConnectorId, undefined)
}

/**
 * The session's part for one family as a remote wallet (docs/walletconnect.md, "Requests"): its accounts and approved
 * methods, requests on the family's current chain, chain switches by the session's rules, and disconnect ending the
 * session for every family.
 */
function walletOf(holder: Holder, held: HeldSession, family: SessionFamily): RemoteWallet {
  const { ns } = family
  const wallet: RemoteWallet = {
    connectorId: walletConnectConnectorId,
    get accounts() {
      return family.caipAddresses
    },
    get methods() {
      return family.methods
    },
    request: (method, params, chainId) => send(holder, family, method, params, chainId as CaipNetworkId | undefined),
    async switchChain(target) {
      const plan = planChainSwitch({ approvedChains: family.chains, target: target as CaipNetworkId, methods: family.methods })
      if (plan === 'fail') throw new LatchError('SWITCH_CHAIN_FAILED', { details: `${target} is not approved by the session and the wallet has no switch method` })
      if (plan === 'ask') await send(holder, family, 'wallet_switchEthereumChain', [{ chainId: `0x${Number(target.split(':')[1]).toString(16)}` }])
      if (!family.chains.includes(target as CaipNetworkId)) family.chains.push(target as CaipNetworkId)
    },
    async disconnect() {
      if (holder.session !== held) return
      holder.session = undefined
      forget(holder.ctx)
      const notice = endSession(holder, held.topic, endReasons.userDisconnected, 'the session the visitor disconnected')
      await Promise.race([notice, new Promise((resolve) => timer(disconnectNoticeWait, holder.ctx.ports.scheduler).subscribe(resolve))])
      // The session served them all: every other family connected through it disconnects too.
      for (const other of connectedFamilies(holder.ctx.getState())) if (other !== ns) holder.output.next(accountDisconnected({}, { ns: other }))
    },
  }
  return wallet
}

/** Sends one request on the session, on the family's current network; refused before the wallet when not approved. */
async function send(holder: Holder, family: SessionFamily, method: string, params: unknown, chainId?: CaipNetworkId): Promise<unknown> {
  const { ns } = family
  if (!family.methods.includes(method)) {
    const details = `Requested RPC call is not allowed: the wallet did not approve ${method} for ${ns}`
    // A batch's status has its own text (docs/walletconnect.md, "Errors"): the batch may well exist, the session cannot ask.
    if (method === 'wallet_getCallsStatus') throw new LatchError('RPC_NOT_ALLOWED', { message: 'CALL_STATUS_NOT_APPROVED', details })
    throw new LatchError('RPC_NOT_ALLOWED', { details })
  }
  const session = holder.session
  if (!session) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: `no WalletConnect session carries ${ns}` })
  const client = holder.running(`the request ${method}`)
  try {
    // Checked by Latch, not left to the sign-client (docs/walletconnect.md, "Topics and proposal ids").
    checkTopic('session', session.topic, client.session, holder.ctx.ports.scheduler.now())
  } catch (error) {
    // A session that expired or is gone serves nothing more: every family connected through it disconnects, once this
    // request has failed with Latch's reason (ending first would fail it as a connection that ended).
    if (error instanceof LatchError && error.code === 'REQUEST_ABORTED') {
      const reason = client.session.keys.includes(session.topic) ? 'expired' : 'missing'
      holder.ctx.ports.scheduler.schedule(() => void (holder.session === session && holder.end(reason)))
    }
    throw error
  }
  const entry = { ns, unsafe: isUnsafeMethod(method) } as InFlight
  const abort = new Promise<never>((_, reject) => {
    entry.abort = reject
  })
  holder.inFlight.add(entry)
  try {
    const request = client.request({ topic: session.topic, chainId: chainId ?? currentChain(holder, family), request: { method, params } })
    return await Promise.race([request.catch((error: unknown) => Promise.reject(toSessionError(error))), abort])
  } finally {
    holder.inFlight.delete(entry)
  }
}

/** The session's chain the family's requests go to: its current network when approved, else the account's chain, else the session's `defaultChain`. */
function currentChain(holder: Holder, family: SessionFamily): CaipNetworkId {
  const state = holder.ctx.getState()
  const current = state.chains[family.ns].network.caipNetwork?.caipNetworkId
  if (current && family.chains.includes(current)) return current
  const caip = state.chains[family.ns].account.caipAddress
  if (caip) {
    const { namespace, reference } = parseCaipAddress(caip)
    return `${namespace}:${reference}` as CaipNetworkId
  }
  return family.defaultChain
}
