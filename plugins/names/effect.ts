/**
 * The name service's effect (docs/names.md): suggestions while the visitor types (debounced on the clock port), the
 * registration (the account signs, the name service checks), and the names an EVM account holds, read when it connects.
 * Loaded on demand by the api plugin (plugin.ts).
 */
import { catchError, concat, defer, distinctUntilChanged, EMPTY, filter, firstValueFrom, from, map, merge, mergeMap, Observable, of, switchMap, take, timer } from 'rxjs'
import { accountProfileUpdated, cacheStored, constants, errorToast, LatchError, routerReplaced, selectView, toastRequested, toLatchError, walletSignMessageRequested, type EffectContext, type LatchErrorData, type LatchEvent, type Logged } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { ensCoinType, isShownName } from '../../kernel/rules/names'
import { shownAvatar } from '../../kernel/rules/avatar'
import { isFresh } from '../../kernel/rules/cache'
import { recordGet } from '../../kernel/rules/record'
import { createApiClient, fromAbortable, type ApiClient } from '../provider-api/index'
import {
  namesAddressFailed,
  namesAddressRequested,
  namesAddressSucceeded,
  namesOwnedLoaded,
  namesRegistrationFailed,
  namesRegistrationRequested,
  namesRegistrationSucceeded,
  namesSuggestionsFailed,
  namesSuggestionsRequested,
  namesSuggestionsSucceeded,
} from './names'
import { getIdentity, getNameAddress, getNamesForAddress, getNameSuggestions, labelOf, postNameRegistration } from './profile'
import { registrationMessage } from './registration-message'
import { pageOrigin } from '../../kernel/rules/origin'

/** The names plugin's options, checked. */
export type NamesSettings = { baseUrl: string; zone: string; projectId?: string; timeout?: number }

/** The effect over `names/*` and the EVM account's names. */
export function namesEffect(events$: Observable<Logged>, ctx: EffectContext, settings: NamesSettings): Observable<LatchEvent> {
  const clientOf = (): ApiClient | undefined => {
    const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
    if (!projectId || !ctx.ports.fetch) return undefined
    return createApiClient({ baseUrl: settings.baseUrl, projectId, fetch: ctx.ports.fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
  }
  return merge(suggestions(events$, ctx, settings, clientOf), registrations(events$, ctx, settings, clientOf), owned(events$, ctx, settings, clientOf), addresses(events$, ctx, settings, clientOf))
}

/** docs/names.md, "Sending to a name": a name in the zone → its address for the active EVM network's coin type. */
function addresses(events$: Observable<Logged>, ctx: EffectContext, settings: NamesSettings, clientOf: ClientOf): Observable<LatchEvent> {
  const options = { intent: namesAddressRequested, succeeded: namesAddressSucceeded, failed: namesAddressFailed } as const
  return events$.pipe(
    filter(options.intent.match),
    mergeMap((intent) => {
      const echo = intent.requestId === undefined ? {} : { requestId: intent.requestId }
      const { name } = intent.payload
      const run = async (signal: AbortSignal) => {
        const label = labelOf(name, settings.zone)
        if (label === undefined || !name.trim().toLowerCase().endsWith(`.${settings.zone}`)) return null
        const client = clientOf()
        if (!client) throw new LatchError('NAME_RESOLUTION_FAILED', { details: 'names: no projectId or fetch port' })
        const network = evmAccount(ctx)
        const chainId = network?.chainId ?? Number(ctx.getState().chains.eip155.network.caipNetwork?.id)
        if (!Number.isSafeInteger(chainId)) throw new LatchError('NAME_RESOLUTION_FAILED', { details: 'names: no active EVM network' })
        return getNameAddress(client, { name: `${label}.${settings.zone}`, coinType: ensCoinType(chainId), signal })
      }
      return fromAbortable(run).pipe(
        map((address): LatchEvent => options.succeeded({ name, address }, echo)),
        catchError((error: unknown) => of(options.failed({ error: toLatchError(error, 'NAME_RESOLUTION_FAILED').toData() }, echo))),
      )
    }),
  )
}

type ClientOf = () => ApiClient | undefined

const unconfigured = (code: 'NAME_SUGGESTIONS_FAILED' | 'NAME_REGISTRATION_FAILED' | 'NAME_LOOKUP_FAILED', values?: Record<string, string>) =>
  new LatchError(code, { details: 'api: the name service needs a baseUrl, a projectId and a fetch port', ...(values ? { values } : {}) })

/** docs/names.md, "Suggestions": the latest text wins; asked 500 ms after the last keystroke. */
function suggestions(events$: Observable<Logged>, ctx: EffectContext, settings: NamesSettings, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(namesSuggestionsRequested.match),
    switchMap(({ payload: { name } }) => {
      if (name.trim() === '') return EMPTY
      return timer(constants.debounce, ctx.ports.scheduler).pipe(
        switchMap((): Observable<LatchEvent> => {
          const label = labelOf(name, settings.zone)
          if (label === undefined) return of(namesSuggestionsFailed({ name, error: new LatchError('INVALID_NAME', { message: 'INVALID_REGISTRATION_NAME', details: `"${name.slice(0, 80)}"` }).toData() }))
          const client = clientOf()
          if (!client) return of(namesSuggestionsFailed({ name, error: unconfigured('NAME_SUGGESTIONS_FAILED').toData() }))
          return fromAbortable((signal) => getNameSuggestions(client, { label, zone: settings.zone, signal })).pipe(
            map((list): LatchEvent => namesSuggestionsSucceeded({ name, suggestions: list })),
            catchError((error: unknown) => {
              const failure = toLatchError(error)
              ctx.ports.logger.warn('api: name suggestions failed', failure)
              return of(namesSuggestionsFailed({ name, error: failure.toData() }))
            }),
          )
        }),
      )
    }),
  )
}

/** The connected EVM account, as registration needs it. */
function evmAccount(ctx: EffectContext) {
  const { caipAddress } = ctx.getState().chains.eip155.account
  if (!caipAddress) return undefined
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  const chainId = Number(caipNetworkId.split(':')[1])
  return Number.isSafeInteger(chainId) ? { address, caipAddress, chainId } : undefined
}

/**
 * docs/names.md, "Registering": the account signs a message naming the name, its address, the network's coin type and
 * the time; the name service checks it. Success shows the name as the account's and RegisterAccountNameSuccess;
 * failure stays on RegisterAccountName with a toast.
 */
function registrations(events$: Observable<Logged>, ctx: EffectContext, settings: NamesSettings, clientOf: ClientOf): Observable<LatchEvent> {
  /** The wallet's answer to the signature request `requestId` (subscribed before the request is sent). */
  const reply = (requestId: string) =>
    firstValueFrom(events$.pipe(filter((event) => event.requestId === requestId && (event.type === 'wallet/signMessageSucceeded' || event.type === 'wallet/signMessageFailed')), take(1)))
  return events$.pipe(
    filter(namesRegistrationRequested.match),
    mergeMap(
      (intent) =>
        new Observable<LatchEvent>((subscriber) => {
          const echo = intent.requestId === undefined ? {} : { requestId: intent.requestId }
          let full = intent.payload.name.trim().toLowerCase()
          const run = async () => {
            const label = labelOf(intent.payload.name, settings.zone)
            if (label === undefined) throw new LatchError('INVALID_NAME', { message: 'INVALID_REGISTRATION_NAME', details: `"${intent.payload.name.slice(0, 80)}"` })
            full = `${label}.${settings.zone}`
            const client = clientOf()
            if (!client) throw unconfigured('NAME_REGISTRATION_FAILED', { name: full })
            const account = evmAccount(ctx)
            if (!account) throw new LatchError('NAME_REGISTRATION_FAILED', { values: { name: full }, details: 'no EVM account is connected' })
            const coinType = ensCoinType(account.chainId)
            const message = registrationMessage({ name: full, address: account.address, coinType, timestamp: Math.floor(ctx.ports.scheduler.now() / 1000) })
            const requestId = ctx.ports.random.id()
            const answer = reply(requestId)
            subscriber.next(walletSignMessageRequested({ message }, { ns: 'eip155', requestId }))
            const signed = (await answer) as Logged & { payload: { signature?: string; error?: LatchErrorData } }
            if (signed.type === 'wallet/signMessageFailed') {
              const error = signed.payload.error
              // A declined signature says so; any other wallet failure is the registration's.
              if (error?.code === 'USER_REJECTED') throw new LatchError('USER_REJECTED', { details: error.details })
              throw new LatchError('NAME_REGISTRATION_FAILED', { values: { name: full }, details: error?.details ?? error?.shortMessage })
            }
            const name = await postNameRegistration(client, { name: full, coinType, address: account.address, message, signature: signed.payload.signature ?? '' })
            return { name, caipAddress: account.caipAddress }
          }
          run().then(
            ({ name, caipAddress }) => {
              subscriber.next(accountProfileUpdated({ name }, { ns: 'eip155' }))
              subscriber.next(namesRegistrationSucceeded({ name, caipAddress }, echo))
              const state = ctx.getState()
              if (state.router.open && selectView(state).name === 'RegisterAccountName') subscriber.next(routerReplaced({ view: { name: 'RegisterAccountNameSuccess', payload: { name } } }))
              subscriber.complete()
            },
            (cause: unknown) => {
              const error = toLatchError(cause, 'NAME_REGISTRATION_FAILED')
              const shown = error.code === 'UNKNOWN' ? new LatchError('NAME_REGISTRATION_FAILED', { values: { name: full }, details: error.details, cause }) : error
              ctx.ports.logger.warn('api: name registration failed', shown)
              subscriber.next(namesRegistrationFailed({ error: shown.toData() }, echo))
              subscriber.next(toastRequested({ toast: errorToast(shown) }))
              subscriber.complete()
            },
          )
        }),
    ),
  )
}

/**
 * docs/names.md, "The account's name": when an EVM account connects, changes address or network, the names it holds in the zone;
 * the newest becomes the name shown. Without one, the account's identity (docs/names.md, "The account's identity"): the
 * name and avatar the provider API knows for the address. A failure shows nothing (the next connection tries again).
 */
function owned(events$: Observable<Logged>, ctx: EffectContext, settings: NamesSettings, clientOf: ClientOf): Observable<LatchEvent> {
  return merge(of(null), events$).pipe(
    map(() => ctx.getState().chains.eip155.account.caipAddress ?? ''),
    // Per account and network: a network switch clears the name shown, so it is read again.
    distinctUntilChanged(),
    switchMap((caipAddress) => {
      const client = clientOf()
      if (!caipAddress || !client) return EMPTY
      const { address } = parseCaipAddress(caipAddress)
      // The account may have moved on while an answer travelled.
      const current = () => ctx.getState().chains.eip155.account.caipAddress === caipAddress
      const zoneNames = defer(() => fromAbortable((signal) => getNamesForAddress(client, { address, signal }))).pipe(
        // docs/names.md, "The account's name": only names in the zone, and only names shown as they are (ENSIP-15).
        map((answered): string[] | undefined => answered.filter((name) => inZone(name, settings.zone))),
        catchError((error: unknown) => {
          ctx.ports.logger.warn('names: the names of the account could not be read', error)
          return of(undefined)
        }),
      )
      return zoneNames.pipe(
        mergeMap((names) => {
          if (!current()) return EMPTY
          const loaded = names === undefined ? [] : [namesOwnedLoaded({ caipAddress, names })]
          if (names?.[0]) return from([...loaded, accountProfileUpdated({ name: names[0] }, { ns: 'eip155' })])
          return concat(from(loaded), identity(ctx, client, caipAddress, address, current))
        }),
      )
    }),
  )
}

/**
 * docs/names.md, "The account's identity": `GET /v1/identity/{address}?sender`, from the identity cache while fresh (300 s).
 * A name Latch shows (as ENS names: ENSIP-15 leaves it as it is) becomes the account's name, with the avatar when it is a
 * `data:image/…` URI or on the page's own origin. A failure ('Error fetching names for address') is logged.
 */
function identity(ctx: EffectContext, client: ApiClient, caipAddress: string, address: string, current: () => boolean): Observable<LatchEvent> {
  const cached = recordGet(ctx.getState().caches.identity, caipAddress)
  const fresh = cached !== undefined && isFresh(cached, ctx.ports.scheduler.now(), constants.cacheExpiry.identity)
  const answer = fresh ? of({ name: cached.value.name ?? null, avatar: cached.value.avatar ?? null }) : defer(() => fromAbortable((signal) => getIdentity(client, { address, signal })))
  return answer.pipe(
    mergeMap((found) => {
      if (!current()) return EMPTY
      const name = isShownName(found.name) ? found.name : null
      const avatar = name && found.avatar !== null ? shownAvatar(found.avatar, pageOrigin(ctx.ports.window)) : null
      const stored = fresh ? [] : [cacheStored({ cache: 'identity', key: caipAddress, value: { name, avatar } })]
      // A name shown already (the zone's, or ENS through the EVM plugin) is kept.
      const shown = !!ctx.getState().chains.eip155.account.profileName
      return from([...stored, ...(name && !shown ? [accountProfileUpdated({ name, image: avatar }, { ns: 'eip155' })] : [])])
    }),
    catchError((error: unknown) => {
      ctx.ports.logger.warn('names: the identity of the account could not be read', error)
      return EMPTY
    }),
  )
}


/** A name of the zone that may be shown: one label of the name rule before `.zone`, and ENSIP-15 leaves it as it is. */
function inZone(name: string, zone: string): boolean {
  const suffix = `.${zone.toLowerCase()}`
  return isShownName(name) && name.endsWith(suffix) && labelOf(name, zone) === name.slice(0, -suffix.length)
}
