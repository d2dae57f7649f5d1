import { distinctUntilChanged, filter, finalize, from, ignoreElements, interval, map, merge, mergeMap, pairwise, skip, Subject, tap, type Observable } from 'rxjs'
import {
  accountAddressChanged,
  accountConnected,
  accountDisconnected,
  accountPreferredTypeSet,
  accountSmartAccountDeployedSet,
  connectionStatusChanged,
  constants,
  LatchError,
  modalClosed,
  modalOpened,
  networkApprovedSet,
  networkSmartAccountNetworksSet,
  networkSwitched,
  routerPushed,
  routerWentBack,
  sdkVersion,
  selectConnectedNamespaces,
  selectAddress,
  selectPreferredAccountType,
  selectView,
  toLatchError,
  walletCancelRequested,
  walletConnectFailed,
  walletConnectRequested,
  walletConnectSucceeded,
  type CaipAddress,
  type CaipNetworkId,
  type EffectContext,
  type LatchEvent,
  type Logged,
  type RequestDefinition,
  type State,
} from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { answerFamilyReconnect } from '../../kernel/family/reconnect'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/wallets'
import { isCaipAddress } from '../../kernel/rules/caip'
import { checkEmailThrottle } from '../../kernel/rules/throttle'
import { isPlainText } from '../../kernel/rules/plain-text'
import { defaultAllowedMethods, isUnsafeMethod } from '../../kernel/rules/methods'
import { storageKeys } from '../../kernel/engine/storage-keys'
import { createFrameChannel, type FrameChannel } from './channel'
import {
  embeddedAccountType,
  embeddedApprovalChanged,
  embeddedEmailLogin,
  embeddedEmailUpdate,
  embeddedEmailUpdatePrimaryOtp,
  embeddedEmailUpdateSecondaryOtp,
  embeddedFrameReported,
  embeddedFarcasterLogin,
  embeddedFarcasterUrlShown,
  embeddedFarcasterUrlWanted,
  embeddedLoginCancelled,
  embeddedOtp,
  embeddedSocialLogin,
  embeddedSocialPopupChanged,
  embeddedUserChanged,
  type EmbeddedFamily,
  type EmbeddedUser,
} from './events'
import { embeddedErrors } from './error-codes'
import { socialLoginSchema, type FrameAccountType, type SocialLogin } from './fields'
import * as z from 'zod/mini'
import { takeSocialPopup, type SocialPopup } from './social'
import { embeddedConnectorId, restoringFamilies, servedFamilies, type EmbeddedSettings } from './served'
import type { AuthUser } from './protocol'

/** How long a disconnect waits for the frame's sign-out before the page forgets the login anyway (docs/embedded-wallet.md). */
export const signOutWait = 3_000

/**
 * The plugin's lazily loaded part (docs/embedded-wallet.md, "The plugin"): the frame's channel, loaded as this part
 * starts (the modal opened, or a stored login is restored), the e-mail login, the restore after a reload, and the
 * remote wallets handed to the families.
 */
export function session(events$: Observable<Logged>, ctx: EffectContext, settings: EmbeddedSettings): Observable<LatchEvent> {
  const output = new Subject<LatchEvent>()
  const families = servedFamilies(ctx.getState())
  const report = (event: LatchEvent) => output.next(event)
  /** Sends a request whose answer nothing waits for; a failure is a warning (docs/embedded-wallet.md, "What the page tells the frame"). */
  const tell = (send: () => Promise<unknown>, what: string) => {
    send().catch((error: unknown) => ctx.ports.logger.warn(`embedded wallet: the frame did not take ${what}`, toLatchError(error).code))
  }
  const syncTheme = () => tell(() => frame().request('SYNC_THEME', frameTheme(ctx.getState())), 'the theme')
  const syncDappData = () => tell(() => frame().request('SYNC_DAPP_DATA', dappData(ctx.getState(), settings)), "the dapp's data")
  const channel = openChannel(ctx, settings, families, (event) => {
    report(event)
    // Each time a frame's document is ready (the first one, a reload): it learns the theme and the dapp.
    if (embeddedFrameReported.match(event) && event.payload.kind === 'frame_ready') {
      syncTheme()
      syncDappData()
    }
  })
  /** The user while logged in. */
  let user: EmbeddedUser | undefined
  /** When the last code was sent (the kernel's clock), for the 30 s throttle. */
  let lastCodeAt: number | undefined
  const inFlight = new Set<{ ns: EmbeddedFamily; abort: AbortController }>()
  const approvals = approvalRouting(ctx, report, () => frame().key)

  const frame = (): FrameChannel => {
    if (channel instanceof LatchError) throw channel
    return channel
  }

  /** The family's network now: its current one, else its first configured one. */
  const chainOf = (ns: EmbeddedFamily): CaipNetworkId => {
    const network = ctx.getState().chains[ns].network
    return (network.caipNetwork?.caipNetworkId ?? network.requestedCaipNetworks[0]?.caipNetworkId) as CaipNetworkId
  }

  /**
   * The EVM account type the visitor prefers, as the frame takes it: the stored choice, else the smart account
   * (docs/embedded-wallet.md, "Account types").
   */
  const evmPreference = (): FrameAccountType => (selectPreferredAccountType(ctx.getState(), 'eip155') === 'eoa' ? 'eoa' : 'smartAccount')

  /** GET_USER for one family on its network; the EVM one carries the visitor's preferred account type. */
  const askUser = async (ns: EmbeddedFamily, chainId: CaipNetworkId = chainOf(ns)): Promise<AuthUser> => {
    const answer = await frame().request('GET_USER', ns === 'eip155' ? { chainId, preferredAccountType: evmPreference() } : { chainId })
    if (!isCaipAddress(`${chainId}:${answer.address}`)) throw new LatchError('INVALID_RESPONSE', { details: `the frame's ${ns} address is not one` })
    return answer
  }

  /** GET_USER for every family served: one user with an address per family, and the EVM family's accounts and their types. */
  const fetchUser = async (): Promise<EmbeddedUser> => {
    let next: EmbeddedUser = { addresses: {} }
    let first: AuthUser | undefined
    for (const ns of families) {
      const answer = await askUser(ns)
      next = ns === 'eip155' ? withEvmAnswer(next, answer) : { ...next, addresses: { ...next.addresses, [ns]: answer.address } }
      first ??= answer
    }
    return {
      ...(first?.email ? { email: first.email } : {}),
      ...next,
      ...(first?.userName ? { userName: first.userName } : {}),
    }
  }

  /**
   * The user moved to EVM account `next` (a switch of type, a network switch): the connection's address and accounts
   * follow, and whether the account is deployed.
   */
  const moveEvm = (chainId: CaipNetworkId, next: EmbeddedUser) => {
    user = next
    report(embeddedUserChanged({ user: next }))
    const state = ctx.getState()
    const address = next.addresses.eip155
    if (!address || state.chains.eip155.connectorId !== embeddedConnectorId) return
    const accounts = next.accounts ?? []
    const sameAccounts = JSON.stringify(state.chains.eip155.account.allAccounts) === JSON.stringify(accounts)
    if (selectAddress(state, 'eip155') !== address || !sameAccounts) {
      report(accountAddressChanged({ caipAddress: `${chainId}:${address}` as CaipAddress, ...(accounts.length ? { accounts } : {}) }, { ns: 'eip155' }))
    }
    report(accountSmartAccountDeployedSet({ deployed: next.smartAccountDeployed === true }, { ns: 'eip155' }))
  }

  /**
   * After a network switch the frame is asked for the user on the new network with the preferred type: the address
   * follows (the smart account on a network that has smart accounts, the EOA elsewhere). A failed ask keeps the
   * address, unless it is the smart account on a network without smart accounts: then the EOA.
   */
  const followNetwork = async (chainId: CaipNetworkId) => {
    const current = user
    if (!current?.addresses.eip155) return
    let next: EmbeddedUser
    try {
      next = withEvmAnswer(current, await askUser('eip155', chainId))
    } catch (error) {
      ctx.ports.logger.warn('embedded wallet: the frame did not give the user on the new network', toLatchError(error).code)
      const enabled = ctx.getState().chains.eip155.network.smartAccountEnabledNetworks.includes(Number(chainId.split(':')[1]))
      const eoa = current.accounts?.find((account) => account.type === 'eoa')?.address
      if (enabled || current.preferredAccountType !== 'smartAccount' || !eoa) return
      next = { ...withActiveEvm(current, eoa, 'eoa'), smartAccountDeployed: false }
    }
    if (user === current) moveEvm(chainId, next)
  }

  /** The connection's facts for family `ns`: its account on its current network, that network, every network approved. */
  const familyConnected = (ns: EmbeddedFamily, address: string, activate: boolean): LatchEvent[] => {
    const state = ctx.getState()
    const caipNetworkId = chainOf(ns)
    const type = ns === 'eip155' ? (user?.preferredAccountType ?? 'eoa') : undefined
    // The EVM family holds both of the frame's accounts with their types, the active one first.
    const typed = ns === 'eip155' && user?.accounts?.length ? user.accounts : undefined
    return [
      accountConnected(
        {
          caipAddress: `${caipNetworkId}:${address}` as CaipAddress,
          connectorId: embeddedConnectorId,
          accounts: typed ?? [type ? { address, type } : { address }],
          walletInfo: { name: settings.name },
        },
        { ns },
      ),
      ...(ns === 'eip155' ? [accountSmartAccountDeployedSet({ deployed: user?.smartAccountDeployed === true }, { ns })] : []),
      networkSwitched(activate || state.activeNamespace === undefined || state.activeNamespace === ns ? { caipNetworkId } : { caipNetworkId, activate: false }, { ns }),
      // The frame's wallet signs on every network of the family: any configured one may be switched to.
      networkApprovedSet({ caipNetworkIds: state.chains[ns].network.requestedCaipNetworks.map((n) => n.caipNetworkId), supportsAllNetworks: true }, { ns }),
    ]
  }

  const storageKey = (key: string) => `${ctx.storagePrefix}${key}`
  /**
   * The stored items (docs/storage.md): `emailLoginUsed` while a login is held, and for a social login its provider and
   * user name (`connectedSocialProvider`, `connectedSocialUsername`, JSON text), read back when the login is restored.
   */
  const writeCache = (next: EmbeddedUser) => {
    try {
      ctx.ports.storage?.setItem(storageKey(storageKeys.emailLoginUsed), 'true')
      if (next.socialProvider) {
        ctx.ports.storage?.setItem(storageKey(storageKeys.connectedSocialProvider), JSON.stringify(next.socialProvider))
        if (next.userName) ctx.ports.storage?.setItem(storageKey(storageKeys.connectedSocialUsername), JSON.stringify(next.userName))
        else ctx.ports.storage?.removeItem(storageKey(storageKeys.connectedSocialUsername))
      } else {
        ctx.ports.storage?.removeItem(storageKey(storageKeys.connectedSocialProvider))
        ctx.ports.storage?.removeItem(storageKey(storageKeys.connectedSocialUsername))
      }
    } catch {
      // Storage full or blocked: the login still works, it is not restored after a reload.
    }
  }
  const clearCache = () => {
    try {
      for (const key of [storageKeys.emailLoginUsed, storageKeys.connectedSocialProvider, storageKeys.connectedSocialUsername]) ctx.ports.storage?.removeItem(storageKey(key))
    } catch {
      // Blocked storage holds nothing to clear.
    }
  }
  /** An item stored with the login, for a restore (a value that does not validate is ignored). */
  const stored = <T>(key: string, schema: z.ZodMiniType<T>): T | undefined => {
    try {
      const raw = ctx.ports.storage?.getItem(storageKey(key))
      const parsed = raw ? z.safeParse(schema, JSON.parse(raw)) : undefined
      return parsed?.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  /** Takes every family's wallet back. */
  const forget = () => {
    for (const ns of families) remoteWallets(ctx).set(ns, embeddedConnectorId, undefined)
  }

  /**
   * Once connected: the frame is asked on which networks smart accounts exist; a failed fetch stores an empty list
   * (docs/embedded-wallet.md, "What the page tells the frame"). The preferred account type went with GET_USER.
   */
  const afterConnect = (next: EmbeddedUser) => {
    if (!next.addresses.eip155) return
    frame()
      .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)
      .then(
        ({ smartAccountEnabledNetworks }) => smartAccountEnabledNetworks,
        (error: unknown) => {
          ctx.ports.logger.warn('embedded wallet: the smart-account networks were not fetched', toLatchError(error).code)
          return []
        },
      )
      .then((chainIds) => {
        if (user === next) report(networkSmartAccountNetworksSet({ chainIds }, { ns: 'eip155' }))
      })
  }

  /** Holds `next` as the user and hands each family it has an address for its wallet. */
  const hold = (next: EmbeddedUser) => {
    user = next
    forget()
    for (const ns of families) if (next.addresses[ns]) remoteWallets(ctx).set(ns, embeddedConnectorId, walletOf(ns))
    writeCache(next)
    report(embeddedUserChanged({ user: next }))
  }

  /** Ends the login (the visitor disconnected): SIGN_OUT waited for at most 3 s, the cache cleared, every family disconnected. */
  const signOut = async (from: EmbeddedFamily) => {
    if (!user) return
    user = undefined
    forget()
    clearCache()
    for (const entry of inFlight) entry.abort.abort()
    report(embeddedUserChanged({ user: null }))
    try {
      await frame().request('SIGN_OUT', undefined, { timeoutMs: signOutWait })
    } catch (error) {
      ctx.ports.logger.warn('embedded wallet: the frame did not confirm the sign-out; the page forgot the login anyway', toLatchError(error).code)
    }
    for (const ns of selectConnectedNamespaces(ctx.getState())) {
      if (ns !== from && ctx.getState().chains[ns].connectorId === embeddedConnectorId) report(accountDisconnected({}, { ns }))
    }
  }

  /**
   * A smart account deploys with its first user operation: once a transaction from it is answered, or a batch's status
   * says included (200), while the page still holds it as not deployed, the user is asked again and
   * `smartAccountDeployed` follows (docs/embedded-wallet.md, "Account types").
   */
  const afterRequest = (ns: EmbeddedFamily, method: string, result: unknown) => {
    const current = user
    if (ns !== 'eip155' || current?.preferredAccountType !== 'smartAccount' || current.smartAccountDeployed) return
    const included = method === 'eth_sendTransaction' || (method === 'wallet_getCallsStatus' && typeof result === 'object' && result !== null && (result as { status?: unknown }).status === 200)
    if (!included) return
    const chainId = chainOf('eip155')
    askUser('eip155', chainId).then(
      (answer) => {
        if (user === current) moveEvm(chainId, withEvmAnswer(current, answer))
      },
      (error: unknown) => ctx.ports.logger.warn('embedded wallet: the frame did not give the user after an operation', toLatchError(error).code),
    )
  }

  const walletOf = (ns: EmbeddedFamily): RemoteWallet => ({
    connectorId: embeddedConnectorId,
    get accounts() {
      const address = user?.addresses[ns]
      return address ? ctx.getState().chains[ns].network.requestedCaipNetworks.map((n) => `${n.caipNetworkId}:${address}`) : []
    },
    methods: defaultAllowedMethods[ns],
    async request(method, params, chainId) {
      if (!this.methods.includes(method)) throw new LatchError('RPC_NOT_ALLOWED', { details: `Requested RPC call is not allowed: ${method} for ${ns}` })
      const entry = { ns, abort: new AbortController() }
      // Only requests that change something are aborted when the visitor cancels (docs/behaviour.md, "Wallet requests"),
      // and only they wait for an approval in the frame, shown by the ApproveTransaction view.
      const unsafe = isUnsafeMethod(method)
      if (unsafe) {
        inFlight.add(entry)
        approvals.started(entry, method)
      }
      try {
        const { result } = await frame().request(
          'RPC_REQUEST',
          { method, ...(params === undefined ? {} : { params: params as never }), chainId: (chainId ?? chainOf(ns)) as CaipNetworkId },
          { signal: entry.abort.signal },
        )
        afterRequest(ns, method, result)
        return result
      } finally {
        inFlight.delete(entry)
        if (unsafe) approvals.ended(entry)
      }
    },
    async switchChain(caipNetworkId) {
      await frame().request('SWITCH_NETWORK', { chainId: caipNetworkId as CaipNetworkId })
      // The EVM account follows the network: the user is fetched with the preferred account type.
      if (ns === 'eip155') await followNetwork(caipNetworkId as CaipNetworkId)
    },
    disconnect: () => signOut(ns),
  })

  const email = answerOwn(events$, embeddedEmailLogin, async ({ email }) => {
    const now = ctx.ports.scheduler.now()
    const throttled = checkEmailThrottle(lastCodeAt, now)
    if (throttled) throw throttled
    const { action } = await frame().request('CONNECT_EMAIL', { email })
    lastCodeAt = now
    return { action, resendAt: now + constants.emailLoginCooldown }
  })

  // Changing the login's e-mail (docs/embedded-wallet.md, "Changing the e-mail"): only while logged in.
  let lastUpdateAt: number | undefined
  const loggedIn = () => {
    if (!user) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'the embedded wallet is not logged in' })
    return user
  }
  const update = answerOwn(events$, embeddedEmailUpdate, async ({ email }) => {
    loggedIn()
    const now = ctx.ports.scheduler.now()
    const throttled = checkEmailThrottle(lastUpdateAt, now)
    if (throttled) throw throttled
    const { action } = await frame().request('UPDATE_EMAIL', { email })
    lastUpdateAt = now
    return { action, resendAt: now + constants.emailLoginCooldown }
  })
  const updatePrimary = answerOwn(events$, embeddedEmailUpdatePrimaryOtp, async ({ otp }) => {
    loggedIn()
    await frame().request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
    // The new address's code is sent now: a resend waits its own 30 s.
    lastUpdateAt = ctx.ports.scheduler.now()
    return {}
  })
  const updateSecondary = answerOwn(events$, embeddedEmailUpdateSecondaryOtp, async ({ otp }) => {
    const current = loggedIn()
    const { newEmail } = await frame().request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
    if (user === current) user = { ...current, email: newEmail }
    lastUpdateAt = undefined
    return { email: newEmail }
  })

  /**
   * Logged in (after CONNECT_OTP, CONNECT_SOCIAL or CONNECT_FARCASTER: one mechanism): GET_USER once per family, the user
   * held, each family connected through the login; answers the active family's account.
   */
  const loggedInNow = async (social?: { provider: SocialLogin; userName?: string }): Promise<{ caipAddress: CaipAddress }> => {
    const fetched = await fetchUser()
    const userName = fetched.userName ?? social?.userName
    const next: EmbeddedUser = social ? { ...fetched, ...(userName ? { userName } : {}), socialProvider: social.provider } : fetched
    hold(next)
    const state = ctx.getState()
    const active = families.find((ns) => ns === state.activeNamespace && next.addresses[ns]) ?? families.find((ns) => next.addresses[ns])
    if (!active) throw new LatchError('INVALID_RESPONSE', { details: 'the frame gave no address for any family served' })
    for (const ns of families) {
      const address = next.addresses[ns]
      // A family another wallet holds keeps it: the login serves it when the visitor picks the e-mail wallet there.
      const owner = state.chains[ns].connectorId
      if (!address || (ns !== active && owner !== undefined && owner !== embeddedConnectorId)) continue
      for (const event of familyConnected(ns, address, ns === active)) report(event)
    }
    report(connectionStatusChanged({ status: 'connected' }))
    afterConnect(next)
    return { caipAddress: `${chainOf(active)}:${next.addresses[active]}` as CaipAddress }
  }

  const otp = answerOwn(events$, embeddedOtp, async ({ otp }) => {
    await frame().request('CONNECT_OTP', { otp })
    return loggedInNow()
  })

  // The visitor switches the EVM account's type (docs/embedded-wallet.md, "Account types"): SET_PREFERRED_ACCOUNT, whose
  // answer is the active account; the accounts and the deployment then come with GET_USER. A failed set falls back to
  // the EOA: the state and the stored preference say eoa, the frame is told so, and the visitor reads why.
  const accountType = answerOwn(events$, embeddedAccountType, async ({ type }) => {
    const current = loggedIn()
    if (!current.addresses.eip155 || ctx.getState().chains.eip155.connectorId !== embeddedConnectorId) {
      throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'the EVM family is not connected through the embedded wallet' })
    }
    const chainId = chainOf('eip155')
    let next: EmbeddedUser
    try {
      const answer = await frame().request('SET_PREFERRED_ACCOUNT', { type })
      if (!isCaipAddress(`${chainId}:${answer.address}`)) throw new LatchError('INVALID_RESPONSE', { details: "the frame's EVM address is not one" })
      next = withActiveEvm(current, answer.address, answer.type)
    } catch (cause) {
      report(accountPreferredTypeSet({ type: 'eoa' }, { ns: 'eip155' }))
      const eoa = current.accounts?.find((account) => account.type === 'eoa')?.address
      if (user === current && eoa) moveEvm(chainId, { ...withActiveEvm(current, eoa, 'eoa'), smartAccountDeployed: false })
      if (type !== 'eoa') tell(() => frame().request('SET_PREFERRED_ACCOUNT', { type: 'eoa' }), 'the EOA after a failed switch')
      const error = toLatchError(cause)
      throw embeddedErrors.error('ACCOUNT_TYPE_SWITCH_FAILED', { details: `SET_PREFERRED_ACCOUNT ${type} failed: ${error.details ?? error.shortMessage}`, cause })
    }
    report(accountPreferredTypeSet({ type }, { ns: 'eip155' }))
    try {
      next = withEvmAnswer(next, await askUser('eip155', chainId))
    } catch (error) {
      ctx.ports.logger.warn("embedded wallet: the frame did not give the switched account's details", toLatchError(error).code)
      if (next.preferredAccountType === 'eoa') next = { ...next, smartAccountDeployed: false }
    }
    if (user === current) moveEvm(chainId, next)
    return { caipAddress: `${chainId}:${next.addresses.eip155}` as CaipAddress, type: next.preferredAccountType ?? type }
  })

  // The page's EVM account moved to the other type without the frame being asked (the Wallets view choosing it, a
  // dapp's switchConnection): the frame is asked for it, as a switch is (docs/embedded-wallet.md, "Account types").
  const follows = events$.pipe(
    filter(accountAddressChanged.match),
    mergeMap((event) => {
      const address = event.payload.caipAddress.split(':')[2]?.toLowerCase()
      const chosen = event.ns === 'eip155' && event.payload.accounts === undefined ? user?.accounts?.find((account) => account.address.toLowerCase() === address) : undefined
      if (!user || !chosen || chosen.type === user.preferredAccountType || ctx.getState().embedded.accountTypeSwitch) return []
      return [embeddedAccountType.requested({ ns: 'eip155', type: chosen.type }) as LatchEvent]
    }),
  )

  // Social and Farcaster logins (docs/embedded-wallet.md, "Social logins"): one attempt at a time; a new one, the
  // visitor's leaving (embedded/loginCancelled, or the view left) or the end of the session aborts the one running.
  type Attempt = { abort: AbortController; view: 'ConnectingSocial' | 'ConnectingFarcaster'; url?: string }
  let attempt: Attempt | undefined
  const begin = (view: Attempt['view']) => {
    attempt?.abort.abort()
    const mine: Attempt = { abort: new AbortController(), view }
    attempt = mine
    return mine
  }
  const end = (mine: Attempt) => {
    if (attempt === mine) attempt = undefined
  }
  /** The network CONNECT_SOCIAL answers on: the active EVM network, else Solana's. */
  const socialChain = (): CaipNetworkId => chainOf(families.includes('eip155') ? 'eip155' : (families[0] as EmbeddedFamily))

  const social = answerOwn(events$, embeddedSocialLogin, async ({ provider }, requestId) => {
    const popup = takeSocialPopup(ctx.ports, requestId)
    if (!popup) {
      throw embeddedErrors.error('POPUP_BLOCKED', {
        details: popup === null ? 'window.open returned null: the browser blocked the popup' : 'no popup was opened in the click: start social logins with startSocialLogin()',
      })
    }
    const mine = begin('ConnectingSocial')
    const { signal } = mine.abort
    // popup.closed is polled on the kernel's scheduler: closed is no failure (a provider's opener policy reports it too).
    let closedSeen = false
    const watch = interval(socialPopupPoll, ctx.ports.scheduler).subscribe(() => {
      if (closedSeen || !isClosed(popup)) return
      closedSeen = true
      if (attempt === mine) report(embeddedSocialPopupChanged({ status: 'windowClosed' }))
    })
    try {
      const { uri } = await frame().request('GET_SOCIAL_REDIRECT_URI', { provider }, { signal })
      try {
        popup.location.href = uri
      } catch {
        // A popup the browser closed cannot be sent anywhere: the view shows it closed, Try again opens another.
      }
      if (!closedSeen && attempt === mine) report(embeddedSocialPopupChanged({ status: 'waiting' }))
      const answer = await frame().request(
        'CONNECT_SOCIAL',
        { uri, chainId: socialChain(), ...(families.includes('eip155') ? { preferredAccountType: evmPreference() } : {}) },
        { signal },
      )
      closePopup(popup)
      return await loggedInNow({ provider, ...(answer.userName ? { userName: answer.userName } : {}) })
    } finally {
      watch.unsubscribe()
      closePopup(popup)
      end(mine)
    }
  })

  const farcaster = answerOwn(events$, embeddedFarcasterLogin, async () => {
    const mine = begin('ConnectingFarcaster')
    const { signal } = mine.abort
    try {
      const { url } = await frame().request('GET_FARCASTER_URI', undefined, { signal })
      mine.url = url
      if (attempt === mine) report(embeddedFarcasterUrlShown({ url }))
      const { userName } = await frame().request('CONNECT_FARCASTER', undefined, { signal })
      return await loggedInNow({ provider: 'farcaster', userName })
    } finally {
      end(mine)
    }
  })

  // The view asks for the Farcaster URL again (mounted after it was shown); the visitor left the login.
  const attempts = events$.pipe(
    filter((event) => {
      if (embeddedFarcasterUrlWanted.match(event) && attempt?.url) report(embeddedFarcasterUrlShown({ url: attempt.url }))
      if (embeddedLoginCancelled.match(event)) attempt?.abort.abort()
      return false
    }),
  ) as Observable<never>
  // Leaving the attempt's view (Back, the modal closed, another view) aborts it and resets the login: the frame's
  // 'Something went wrong' of an aborted request is never shown (docs/embedded-wallet.md, "Social logins").
  const attemptView = (state: State) => (state.router.open ? selectView(state).name : undefined)
  const leaves = ctx.select(attemptView).pipe(
    pairwise(),
    filter(([before, now]) => attempt !== undefined && before === attempt.view && now !== attempt.view),
    map(() => {
      attempt?.abort.abort()
      return embeddedLoginCancelled({}) as LatchEvent
    }),
  )

  // A connect to the embedded wallet (the family's list, a connection switch): at once while logged in; else the
  // visitor logs in first (the EmailLogin view).
  const connects = families.map((ns) =>
    answerIntent(
      events$,
      { intent: walletConnectRequested, succeeded: walletConnectSucceeded, failed: walletConnectFailed, ns, owns: (intent) => intent.payload.connectorId === embeddedConnectorId },
      async (_intent, reply) => {
        const address = user?.addresses[ns]
        if (!address) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'the embedded wallet is not logged in: log in with an e-mail code first (embedded/emailLoginRequested)' })
        for (const event of familyConnected(ns, address, true)) reply(event)
        return { caipAddress: `${chainOf(ns)}:${address}` as CaipAddress }
      },
    ),
  )

  // After a reload: IS_CONNECTED once for every family waiting, then GET_USER; a failure clears the login cache.
  let restoring: Promise<EmbeddedUser> | undefined
  const restoreOnce = () =>
    (restoring ??= (async () => {
      const { isConnected } = await frame().request('IS_CONNECTED', {})
      if (!isConnected) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'the frame holds no login any more' })
      if (restoringFamilies(ctx.getState()).length === 0) throw new LatchError('REQUEST_ABORTED', { details: 'nothing waits to be restored' })
      const fetched = await fetchUser()
      // A social login's provider (and its user name, when the frame gives none) come back from storage.
      const provider = stored(storageKeys.connectedSocialProvider, socialLoginSchema)
      const userName = fetched.userName ?? (provider ? stored(storageKeys.connectedSocialUsername, storedUserName) : undefined)
      const next: EmbeddedUser = provider ? { ...fetched, ...(userName ? { userName } : {}), socialProvider: provider } : fetched
      hold(next)
      afterConnect(next)
      return next
    })().catch((error: unknown) => {
      clearCache()
      throw error
    }))
  const restores = families.map((ns) =>
    answerFamilyReconnect(events$, ctx, {
      ns,
      find: (connectorId) => (connectorId === embeddedConnectorId ? true : undefined),
      warning: 'embedded wallet: the stored login was not restored',
      async reconnect() {
        const restored = await restoreOnce()
        const address = restored.addresses[ns]
        if (!address || user !== restored) throw new LatchError('INVALID_RESPONSE', { details: `the restored login has no ${ns} address` })
        return familyConnected(ns, address, false)
      },
    }),
  )

  const cancels = events$.pipe(
    filter((event) => {
      if (walletCancelRequested.match(event)) for (const entry of inFlight) if (entry.ns === event.ns) entry.abort.abort()
      return false
    }),
  ) as Observable<never>

  // The theme changed while the frame is up: it follows.
  const themes = ctx.select((state) => JSON.stringify(frameTheme(state))).pipe(
    distinctUntilChanged(),
    skip(1),
    filter(() => ctx.getState().embedded.frame === 'ready'),
    tap(syncTheme),
    ignoreElements(),
  )

  if (!(channel instanceof LatchError)) channel.load()
  return merge(output, email, otp, accountType, follows, social, farcaster, attempts, leaves, update, updatePrimary, updateSecondary, ...connects, ...restores, cancels, themes, approvals.left).pipe(
    finalize(() => {
      attempt?.abort.abort()
      forget()
      if (!(channel instanceof LatchError)) channel.destroy()
    }),
  )
}

const approvalView = { name: 'ApproveTransaction' as const }

/**
 * The ApproveTransaction view around the wallet requests that wait for an approval in the frame (docs/embedded-wallet.md,
 * "Approvals"). The first to start opens the modal on the view (or pushes it over the view open); when the last ends the
 * view goes: the modal closes if it was opened for it, else Back. A visitor who leaves the view (closes the modal, Back)
 * while one waits aborts them: each is answered 'Request was aborted' and withdrawn in the frame.
 */
function approvalRouting(ctx: EffectContext, report: (event: LatchEvent) => void, frameKey: () => string) {
  type Waiting = { ns: EmbeddedFamily; abort: AbortController }
  const waiting = new Set<Waiting>()
  let openedForIt = false
  const shown = (state: State) => state.router.open && selectView(state).name === approvalView.name
  return {
    started(entry: Waiting, method: string) {
      waiting.add(entry)
      if (waiting.size > 1) return
      let key: string
      try {
        key = frameKey()
      } catch {
        return // No frame: the request fails on its own.
      }
      report(embeddedApprovalChanged({ approval: { ns: entry.ns, method, frame: key } }))
      const state = ctx.getState()
      if (shown(state)) return
      openedForIt = !state.router.open
      report(openedForIt ? modalOpened({ view: approvalView }) : routerPushed({ view: approvalView }))
    },
    ended(entry: Waiting) {
      if (!waiting.delete(entry) || waiting.size > 0) return
      report(embeddedApprovalChanged({ approval: null }))
      if (shown(ctx.getState())) report(openedForIt ? modalClosed({}) : routerWentBack({}))
    },
    /** The visitor left the view while requests wait: they are aborted. */
    left: ctx.select(shown).pipe(
      distinctUntilChanged(),
      filter((isShown) => !isShown && waiting.size > 0),
      tap(() => {
        for (const entry of [...waiting]) entry.abort.abort()
      }),
      ignoreElements(),
    ) as Observable<never>,
  }
}

/** The theme as the frame takes it: 'system' resolved by the visitor's prefers-color-scheme (light when unknown). */
export function frameTheme(state: State): { themeMode: 'light' | 'dark'; themeVariables?: Record<string, string> } {
  const { themeMode, themeVariables } = state.options
  const resolved =
    themeMode === 'system' ? (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : themeMode
  const variables = Object.fromEntries(Object.entries(themeVariables).filter(([key, value]) => /^[\w-]{1,64}$/.test(key) && value.length <= 256).slice(0, 100))
  return Object.keys(variables).length > 0 ? { themeMode: resolved, themeVariables: variables } : { themeMode: resolved }
}

/** The dapp as the frame is told it: its metadata when it is valid for the protocol, the SDK's version and type, the project. */
function dappData(state: State, settings: EmbeddedSettings) {
  const { metadata, projectId: configured } = state.options
  const projectId = settings.projectId ?? (configured && /^[\w-]{1,128}$/.test(configured) ? configured : 'latch')
  const url = (value: string) => /^https?:\/\//.test(value) && value.length <= 2048
  const meta =
    metadata && metadata.name && metadata.name.length <= 100 && url(metadata.url)
      ? {
          name: metadata.name,
          ...(metadata.description && metadata.description.length <= 500 ? { description: metadata.description } : {}),
          url: metadata.url,
          icons: metadata.icons.filter(url).slice(0, 10),
        }
      : undefined
  return { ...(meta ? { metadata: meta } : {}), sdkVersion, sdkType: 'latch', projectId }
}

/** The channel to the frame, its reports and refusals logged as `embedded/frameReported`; the error when it cannot be made. */
function openChannel(ctx: EffectContext, settings: EmbeddedSettings, families: readonly EmbeddedFamily[], report: (event: LatchEvent) => void): FrameChannel | LatchError {
  const state = ctx.getState()
  const configured = state.options.projectId
  const projectId = settings.projectId ?? (configured && /^[\w-]{1,128}$/.test(configured) ? configured : 'latch')
  const start = families[0] ? (state.chains[families[0]].network.caipNetwork?.caipNetworkId ?? state.chains[families[0]].network.requestedCaipNetworks[0]?.caipNetworkId) : undefined
  try {
    return createFrameChannel({
      frameUrl: settings.frameUrl,
      projectId,
      ...(start ? { chainId: start } : {}),
      version: sdkVersion,
      enableLogger: settings.enableLogger,
      ...(settings.host ? { host: settings.host } : {}),
      scheduler: ctx.ports.scheduler,
      onRefused: (refusal) => report(embeddedFrameReported({ kind: 'refused', ...refusal })),
      onReport: (channelReport) => {
        const { kind } = channelReport
        if (kind === 'iframe_load_failed') report(embeddedFrameReported({ kind, timeoutMs: channelReport.timeoutMs }))
        else if (kind === 'iframe_request_timeout') report(embeddedFrameReported({ kind, type: channelReport.type, id: channelReport.id, timeoutMs: channelReport.timeoutMs }))
        else report(embeddedFrameReported({ kind }))
      },
    })
  } catch (error) {
    const latchError = toLatchError(error)
    ctx.ports.logger.error(latchError.message, latchError)
    return latchError
  }
}

/** An EVM address (the frame's `accounts` hold the Solana account too). */
const evmAddress = /^0x[0-9a-fA-F]{40}$/

/**
 * `user` with the frame's EVM answer: the active account (`address`, its type `preferredAccountType`), the EVM accounts
 * of `accounts` with their types, the active one first, and whether it is deployed (docs/embedded-wallet.md, "Account
 * types").
 */
function withEvmAnswer(user: EmbeddedUser, answer: AuthUser): EmbeddedUser {
  const type = answer.preferredAccountType ?? 'eoa'
  const listed = (answer.accounts ?? []).filter((account) => evmAddress.test(account.address))
  const next = withActiveEvm({ ...user, accounts: listed.length ? listed : (user.accounts ?? []) }, answer.address, type)
  return { ...next, smartAccountDeployed: type === 'smartAccount' && answer.smartAccountDeployed === true }
}

/** `user` acting as EVM account `address` of type `type`: first in its accounts (added when the list lacked it). */
function withActiveEvm(user: EmbeddedUser, address: string, type: FrameAccountType): EmbeddedUser {
  const same = (a: string) => a.toLowerCase() === address.toLowerCase()
  const others = (user.accounts ?? []).filter((account) => !same(account.address) && account.type !== type)
  return { ...user, addresses: { ...user.addresses, eip155: address }, preferredAccountType: type, accounts: [{ address, type }, ...others].slice(0, 10) }
}

/** A stored user name: plain text, at most 100 characters (docs/storage.md). */
const storedUserName = z.string().check(z.minLength(1), z.maxLength(100), z.refine(isPlainText))

/** How often the social login's popup is checked for `closed` (the kernel's scheduler). */
export const socialPopupPoll = 500

/** Whether the popup is closed; a window that cannot be read counts as open. */
function isClosed(popup: SocialPopup): boolean {
  try {
    return popup.closed === true
  } catch {
    return false
  }
}

function closePopup(popup: SocialPopup) {
  try {
    if (!popup.closed) popup.close()
  } catch {
    // A window that cannot be closed is the browser's.
  }
}

/** Answers a plugin intent that names no family: its handler's result, or its failure, echoing the requestId. */
function answerOwn<T extends `${string}Requested`, P, R>(
  events$: Observable<Logged>,
  definition: RequestDefinition<T, P, R>,
  handle: (payload: P, requestId: string | undefined) => Promise<R>,
): Observable<LatchEvent> {
  return events$.pipe(
    filter(definition.requested.match),
    mergeMap((intent) => {
      const echo = intent.requestId === undefined ? {} : { requestId: intent.requestId }
      return from(
        Promise.resolve()
          .then(() => handle(intent.payload as P, intent.requestId))
          .then(
            (result) => definition.succeeded(result, echo) as unknown as LatchEvent,
            (error: unknown) => definition.failed({ error: toLatchError(error).toData() }, echo) as unknown as LatchEvent,
          ),
      )
    }),
  )
}
