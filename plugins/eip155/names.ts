import { catchError, distinctUntilChanged, EMPTY, filter, firstValueFrom, map, merge, of, switchMap, type Observable } from 'rxjs'
import { accountProfileUpdated, cacheStored, constants, LatchError, type CaipNetwork, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { isFresh } from '../../kernel/rules/cache'
import { recordGet } from '../../kernel/rules/record'
import { isShownName } from '../../kernel/rules/names'
import { decodeAddr, decodeReverse, decodeText, encodeResolve, encodeReverse, isPlausibleName, shownAvatar } from './ens-codec'
import { eip155NameFailed, eip155NameRequested, eip155NameSucceeded, nativeBalanceTriggers, universalResolverOf } from './shared'
import { rpcCall } from './rpc'
import { balanceTargetOf, sameTarget, type BalanceTarget } from './target'
import { pageOrigin } from '../../kernel/rules/origin'

/** How long a name lookup may take before it gives up and shows nothing (docs/behaviour.md, "Names"). */
export const nameLookupTimeout = 5_000

const triggers = new Set(nativeBalanceTriggers)
const ns = { ns: 'eip155' } as const

/**
 * docs/behaviour.md, "Names": the connected EVM account's name and avatar, and `eip155/nameRequested` (a chunk
 * loaded the first time an account connects on a network with a universal resolver, or a name is asked for).
 * Each lookup is one `eth_call` to the network's first RPC URL, given up after 5 seconds of the clock port.
 */
export function watchNames(events$: Observable<Logged>, ctx: EffectContext): Observable<LatchEvent> {
  return merge(profiles(events$, ctx), answerNames(events$, ctx))
}

/** A caller of the network's universal resolver; undefined without one, an RPC URL or a fetch port. */
type Resolver = (data: string) => Observable<unknown>
function resolverOf(ctx: EffectContext, network: CaipNetwork | undefined): Resolver | undefined {
  const to = universalResolverOf(network)
  const url = network?.rpcUrls.default.http[0]
  if (!to || !url || !ctx.ports.fetch) return undefined
  return (data) => rpcCall(ctx.ports, url, 'eth_call', [{ to, data }, 'latest'], nameLookupTimeout)
}

/** After connect, an address change or a network switch: the reverse name and avatar, from the caches when fresh. */
function profiles(events$: Observable<Logged>, ctx: EffectContext): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => event.ns === 'eip155' && triggers.has(event.type)),
    map(() => balanceTargetOf(ctx.getState())),
    distinctUntilChanged(sameTarget),
    switchMap((target) => (target ? lookUp(ctx, target) : EMPTY)),
  )
}

function lookUp(ctx: EffectContext, target: BalanceTarget): Observable<LatchEvent> {
  const call = universalResolverOf(target.network) ? resolverOf(ctx, target.network) : undefined
  if (!call) return EMPTY
  const { caches } = ctx.getState()
  const now = ctx.ports.scheduler.now()
  const name = recordGet(caches.names, target.caipAddress)
  const identity = recordGet(caches.identity, target.caipAddress)
  const fresh = (entry: { timestamp: number } | undefined, ttl: number) => entry !== undefined && isFresh(entry, now, ttl)
  if (fresh(name, constants.cacheExpiry.names) && (name?.value === null || fresh(identity, constants.cacheExpiry.identity))) {
    return name?.value ? of(accountProfileUpdated({ name: name.value, image: identity?.value.avatar ?? null }, ns)) : EMPTY
  }
  const origin = pageOrigin(ctx.ports.window)
  const key = target.caipAddress
  return call(encodeReverse(target.address)).pipe(
    catchError((error: unknown) => (isRevert(error) ? of('revert' as const) : Promise.reject(error))),
    map((result) => {
      if (result === 'revert') return null
      const found = decodeReverse(result)
      // docs/behaviour.md, "Names": only a name ENSIP-15 leaves as it is (plain ASCII labels) is shown.
      if (found !== '' && !(isPlausibleName(found) && isShownName(found))) throw new LatchError('INVALID_RESPONSE', { details: 'reverse name: not a name Latch shows' })
      return found === '' ? null : found
    }),
    switchMap((found) => {
      if (found === null) return of(cacheStored({ cache: 'names', key, value: null }))
      const avatar = call(encodeResolve(found, { text: 'avatar' })).pipe(
        map((result) => shownAvatar(decodeText(result), origin)),
        // A name without an avatar record (or a broken one) still shows.
        catchError(() => of(null)),
      )
      return avatar.pipe(
        switchMap((image) =>
          of(
            ...(shownAlready(ctx) ? [] : [accountProfileUpdated({ name: found, image }, ns)]),
            cacheStored({ cache: 'names', key, value: found }),
            cacheStored({ cache: 'identity', key, value: { name: found, avatar: image } }),
          ),
        ),
      )
    }),
    catchError((error: unknown) => {
      ctx.ports.logger.warn('name lookup failed', error)
      return EMPTY
    }),
  )
}

/**
 * A name already shown for the account (one it holds in the dapp's zone, read from the provider API's name service)
 * is kept: the ENS name only fills an empty one (docs/names.md, "The account's name").
 */
function shownAlready(ctx: EffectContext): boolean {
  return !!ctx.getState().chains.eip155.account.profileName
}

/** The resolver reverted (no resolver, no record, a reverse name that does not resolve back): the name is not there. */
export function isRevert(error: unknown): boolean {
  if (!(error instanceof LatchError)) return false
  const answer = error.cause as { code?: unknown; message?: unknown } | undefined
  return answer?.code === 3 || (typeof answer?.message === 'string' && /execution reverted/i.test(answer.message))
}


/** Answers `eip155/nameRequested` on the active EVM network: the name's address, or null. */
function answerNames(events$: Observable<Logged>, ctx: EffectContext): Observable<LatchEvent> {
  const options = { intent: eip155NameRequested, succeeded: eip155NameSucceeded, failed: eip155NameFailed, ns: 'eip155' } as const
  return answerIntent(events$, { ...options, toError: (cause) => new LatchError('NAME_RESOLUTION_FAILED', { details: describe(cause), cause }) }, async (intent) => {
    const name = intent.payload.name.trim().toLowerCase()
    if (!isPlausibleName(name)) return { name: intent.payload.name, address: null }
    const network = ctx.getState().chains.eip155.network.caipNetwork
    const call = resolverOf(ctx, network)
    if (!call) throw new Error(`the active network (${network?.caipNetworkId ?? 'none'}) has no universal resolver and RPC URL`)
    try {
      const result = await firstValueFrom(call(encodeResolve(name, 'addr')))
      return { name: intent.payload.name, address: decodeAddr(result) }
    } catch (error) {
      if (isRevert(error)) return { name: intent.payload.name, address: null }
      throw error
    }
  })
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message.slice(0, 200) : 'the lookup failed'
}
