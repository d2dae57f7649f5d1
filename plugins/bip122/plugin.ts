import { filter, finalize, fromEvent, merge, NEVER, Subject } from 'rxjs'
import * as z from 'zod/mini'
import { definePlugin, describeIssues, LatchError, modalOpened, walletCancelRequested, type Effect } from '../../kernel/index'
import { loadBalance } from './balance'
import { answerConnect } from './connect'
import type { Deps, Settings } from './deps'
import { answerDisconnect } from './disconnect'
import { discoverWallets } from './discover'
import { bip122Events } from './events'
import { reconnect } from './reconnect'
import { createRegistry } from './registry'
import { createWalletRequests } from './requests'
import { answerSwitchAccount } from './switch-account'
import { answerSwitchNetwork } from './switch-network'
import { answerWalletRequests } from './wallet-rpc'
import { watchWallet } from './watch'

/**
 * Options of the bip122 plugin. Networks are given to `createLatch({ networks })` (`bitcoin`, `bitcoinTestnet`,
 * `bitcoinRegtest`), so replay starts from the same configuration.
 */
export type Bip122Options = {
  /** Ask wallets for an ordinals (taproot) account too, besides payment accounts (default false). */
  ordinals?: boolean
  /**
   * The provider API: balances from `GET /v1/account/{address}/balance` (docs/bitcoin.md, "Balance"). The project id
   * defaults to the one given to createLatch.
   */
  api?: { baseUrl: string; projectId?: string }
  /**
   * Esplora-style endpoints by CAIP-2 network id, used for balances when no provider API is given:
   * `{ [bitcoin.caipNetworkId]: 'https://your-esplora.example/api' }`.
   */
  esplora?: Readonly<Record<string, string>>
}

const httpUrl = z.string().check(z.refine((value) => /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value), 'an http(s) URL'))
const optionsSchema = z.object({
  ordinals: z.optional(z.boolean()),
  api: z.optional(z.object({ baseUrl: httpUrl, projectId: z.optional(z.string().check(z.minLength(1))) })),
  esplora: z.optional(z.record(z.string().check(z.regex(/^bip122:[0-9a-f]{32}$/, 'a bip122 CAIP-2 id')), httpUrl)),
})

function readOptions(options: Bip122Options): Settings {
  const parsed = z.safeParse(optionsSchema, options, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_OPTIONS', { details: `bip122: ${describeIssues(parsed.error.issues)}` })
  const { ordinals, api, esplora = {} } = parsed.data
  return { purposes: ordinals ? ['payment', 'ordinals'] : ['payment'], ...(api ? { api } : {}), esplora }
}

/**
 * The Bitcoin family (bip122, docs/bitcoin.md): sats-connect and wallet-standard wallets, connect with payment
 * accounts (and ordinals when asked), switching between payment accounts, signMessage, signPsbt, sendTransfer,
 * getAccountAddresses through the allowed methods, network switch, reconnect, and the balance. sats-connect itself is
 * loaded only once a sats-connect wallet is used. Throws `INVALID_OPTIONS` on bad options.
 */
export function bip122(options: Bip122Options = {}) {
  const settings = readOptions(options)
  // Everything with a lifetime (discovered wallets, listeners, pending requests) is created here, once per kernel.
  const effect: Effect = (events$, ctx) => {
    const registry = createRegistry()
    const requests = createWalletRequests(ctx.ports.scheduler)
    const refresh$ = new Subject<void>()
    const deps: Deps = { ctx, registry, requests, settings, refreshBalance: () => refresh$.next() }
    const win = ctx.ports.window
    // sats-connect has no announcement: look again once the page has loaded and whenever the modal opens.
    const rescan$ = merge(win ? fromEvent(win, 'load') : NEVER, events$.pipe(filter(modalOpened.match)))
    // Emits nothing: a connection change fails the requests bound to the old one, a cancel all of them.
    const settle = events$.pipe(
      filter((event) => {
        if (event.ns !== 'bip122') return false
        if (event.type === 'account/connected' || event.type === 'account/disconnected') requests.connectionChanged()
        else if (walletCancelRequested.match(event)) requests.abort('the visitor cancelled')
        return false
      }),
    )
    return merge(
      settle,
      discoverWallets(win, registry, rescan$, ctx.ports.logger),
      reconnect(events$, deps),
      answerConnect(events$, deps),
      answerDisconnect(events$, deps),
      answerSwitchNetwork(events$, deps),
      answerSwitchAccount(events$, deps),
      answerWalletRequests(events$, deps),
      watchWallet(deps),
      loadBalance(events$, deps, refresh$),
    ).pipe(finalize(() => refresh$.complete()))
  }
  return definePlugin({ name: 'bip122', namespaces: ['bip122'], events: bip122Events, effects: [effect] })
}
