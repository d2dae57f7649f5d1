import * as z from 'zod/mini'
import { definePlugin, describeIssues, LatchError } from '../../kernel/index'
import { chunk, familyEffectAtStart } from '../../kernel/family/lazy'
import type { Settings } from './deps'
import { bip122Events } from './events'

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

const effectCode = chunk(() => import('./effect'))

/** The plugin's code loaded later: `load()` it to have it at once (tests do). */
export const lazyCode = { effect: effectCode }

function readOptions(options: Bip122Options): Settings {
  const parsed = z.safeParse(optionsSchema, options, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_OPTIONS', { details: `bip122: ${describeIssues(parsed.error.issues)}` })
  const { ordinals, api, esplora = {} } = parsed.data
  return { purposes: ordinals ? ['payment', 'ordinals'] : ['payment'], ...(api ? { api } : {}), esplora }
}

/**
 * The Bitcoin family (bip122, docs/bitcoin.md): sats-connect and wallet-standard wallets, connect with payment
 * accounts (and ordinals when asked), switching between payment accounts, signMessage, signPsbt, sendTransfer,
 * getAccountAddresses through the allowed methods, network switch, reconnect, and the balance. Discovery loads as the
 * instance starts; the wallet session loads when a Bitcoin wallet, account or network is first used, and sats-connect itself only once a
 * sats-connect wallet is. Throws `INVALID_OPTIONS` on bad options.
 */
export function bip122(options: Bip122Options = {}) {
  const settings = readOptions(options)
  // Its effect (discovery, and the wallet session loaded on first use) loads as the instance starts (docs/bitcoin.md).
  return definePlugin({ name: 'bip122', namespaces: ['bip122'], events: bip122Events, effects: [familyEffectAtStart('bip122', effectCode, (code) => code.bip122Effect(settings))] })
}
