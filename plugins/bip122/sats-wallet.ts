import * as z from 'zod/mini'
import { LatchError, type CaipNetworkId } from '../../kernel/index'
import { loadPeer, type Peer } from '../../kernel/engine/peer'
import { providerAt } from './discover'
import { bitcoinWalletErrorCodes, isNotSupported, WalletAnswerError } from './errors'
import { caipNetworkIdOfName, knownBitcoinNetworks } from './networks'
import type { Purpose, RawAccounts, RawWallet, WalletEventType } from './wallet-types'

/** What sats-connect's adapters answer: `{ status: 'success', result }` or `{ status: 'error', error }`. */
const answerSchema = z.union([
  z.object({ status: z.literal('success'), result: z.unknown() }),
  z.object({ status: z.literal('error'), error: z.looseObject({ code: z.optional(z.number()), message: z.optional(z.string()) }) }),
])

type Adapter = {
  request(method: string, params: unknown): Promise<unknown>
  addListener?(info: { eventName: string; cb: (event: unknown) => void }): unknown
}

/** The optional peer sats-connect wallets need (docs/bitcoin.md, "Install"). */
const satsConnectPeer: Peer = { name: 'sats-connect', entry: 'latch/plugins/bip122', export: 'defaultAdapters' }

const unknownResponse = 'Received unknown response from provider.'

const eventNames: readonly WalletEventType[] = ['accountChange', 'networkChange', 'disconnect']

/**
 * A sats-connect wallet (docs/bitcoin.md, "Wallets"): requests go through sats-connect's adapter for the provider id
 * (its own for Xverse, Unisat and Fordefi, the base one for a listed provider), loaded on first use. sats-connect's
 * wallet selector is never used, so it never shows.
 */
export async function satsWallet(providerId: string, win: Window | undefined): Promise<RawWallet> {
  const sats = await loadPeer(satsConnectPeer, () => import('./sats'))
  const Known = (sats.defaultAdapters as Record<string, (new () => Adapter) | undefined>)[providerId]
  const adapter: Adapter = Known ? new Known() : (new sats.BaseAdapter(providerId) as unknown as Adapter)

  async function call(method: string, params: unknown): Promise<unknown> {
    const answer = await adapter.request(method, params)
    const parsed = z.safeParse(answerSchema, answer)
    if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method}: the wallet answered something that is not a JSON-RPC result` })
    if (parsed.data.status === 'error') {
      const { code, message } = parsed.data.error
      // sats-connect's own verdict on a provider answer that is not a JSON-RPC envelope.
      if (message === unknownResponse) throw new LatchError('INVALID_RESPONSE', { details: `${method}: the wallet answered something that is not a JSON-RPC envelope` })
      throw new WalletAnswerError(code, message ?? `${method} failed`)
    }
    return parsed.data.result
  }

  const networkOf = (result: unknown) => caipNetworkIdOfName(read(read(read(result, 'network'), 'bitcoin'), 'name'))
  const accounts = (result: unknown): RawAccounts => {
    const caipNetworkId = networkOf(result)
    return { addresses: read(result, 'addresses'), ...(caipNetworkId ? { caipNetworkId } : {}) }
  }

  return {
    async connect(purposes, caipNetworkId) {
      const network = caipNetworkId ? knownBitcoinNetworks[caipNetworkId]?.name : undefined
      try {
        return accounts(await call('wallet_connect', { addresses: [...purposes], ...(network ? { network } : {}) }))
      } catch (error) {
        if (!isNotSupported(error)) throw error
      }
      // Wallets without wallet_connect (Unisat through its adapter) answer getAccounts: a list of addresses.
      return { addresses: await call('getAccounts', { purposes: [...purposes] }) }
    },
    account: async () => accounts(await call('wallet_getAccount', null)),
    async addresses(purposes: readonly Purpose[]) {
      try {
        return accounts(await call('getAddresses', { purposes: [...purposes] }))
      } catch (error) {
        if (!isNotSupported(error)) throw error
      }
      return { addresses: await call('getAccounts', { purposes: [...purposes] }) }
    },
    signMessage: (params) => call('signMessage', params),
    signPsbt: (params) => call('signPsbt', params),
    sendTransfer: (params) => call('sendTransfer', params),
    async changeNetwork(caipNetworkId: CaipNetworkId) {
      const name = knownBitcoinNetworks[caipNetworkId]?.name
      if (!name) throw new WalletAnswerError(bitcoinWalletErrorCodes.methodNotSupported, `no wallet network is named for ${caipNetworkId}`)
      await call('wallet_changeNetwork', { name })
    },
    async disconnect() {
      await call('wallet_disconnect', null)
    },
    listen(listener) {
      const stops: unknown[] = []
      // sats-connect's base adapter cannot listen: a listed provider is asked directly, the way sats-connect asks Xverse.
      const target: Adapter | undefined = Known ? adapter : (providerAt(win, providerId) as Adapter | undefined)
      for (const eventName of eventNames) {
        try {
          stops.push(target?.addListener?.({ eventName, cb: () => listener(eventName) }))
        } catch {
          // A wallet without events: Latch reads its accounts when it needs them.
        }
      }
      return () => {
        for (const stop of stops) {
          try {
            if (typeof stop === 'function') stop()
          } catch {
            // already gone
          }
        }
      }
    },
  }
}

function read(value: unknown, key: string): unknown {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  } catch {
    return undefined
  }
}
