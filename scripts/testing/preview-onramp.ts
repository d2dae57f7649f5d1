import { EMPTY, from, mergeMap, type Observable } from 'rxjs'
import type { LatchEvent, Logged } from '../../kernel/index'
import { fallbackQuote, onramp, parseFiat, type OnrampQuote } from '../../plugins/onramp/index'

/** The options the local provider API serves (docs/behaviour.md, "Buy (on-ramp)"), on Ethereum (chain 1) for the preview. */
const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
const network = { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }
export const previewOnrampOptions = {
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: limits },
    { id: 'EUR', payment_method_limits: limits },
  ],
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [network] },
    { id: 'DEMO', name: 'Demo Token', symbol: 'DEMO', networks: [{ ...network, contract_address: '0x1A7C000000000000000000000000000000000012' }] },
  ],
}

/** A quote as the local provider computes it: a network fee of 1 cent, the provider's fee rounded up, DEMO at 2.50 USD. */
function quoteOf(total: bigint, rate: bigint, currency: string, asset: string): OnrampQuote {
  const net = 1n
  let subtotal = ((total - net) * 100n) / (100n + rate)
  const fee = (s: bigint) => (s * rate + 99n) / 100n
  while (subtotal + 1n + fee(subtotal + 1n) + net <= total) subtotal++
  const providerFee = total - net - subtotal
  const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`
  const price = asset === 'ETH' ? 300_000n : 250n
  const units = (subtotal * 10n ** 6n) / price
  const amount = `${units / 10n ** 6n}.${String(units % 10n ** 6n).padStart(6, '0')}`.replace(/\.?0+$/, '')
  return {
    quoteId: `q_preview_${rate}`,
    coinbaseFee: { amount: cents(providerFee), currency },
    networkFee: { amount: cents(net), currency },
    paymentSubtotal: { amount: cents(subtotal), currency },
    paymentTotal: { amount: cents(total), currency },
    purchaseAmount: { amount, currency: asset },
  }
}

/**
 * The onramp plugin with a stand-in for its effect (the preview page and its screenshots): the options above, quotes
 * from both providers (`estimate`: LocalRamp's failed, its fallback quote shown as an estimate), and with `status` a
 * purchase at that step, as if Continue had been clicked.
 */
export function previewOnramp(mode: string) {
  const plugin = onramp({ baseUrl: 'http://127.0.0.1:9', projectId: 'preview' })
  const answer = (event: Logged): LatchEvent[] => {
    if (event.type === 'onramp/optionsRequested') return [{ type: 'onramp/optionsReceived', payload: { options: previewOnrampOptions } }]
    if (event.type === 'onramp/quotesRequested') {
      const request = (event as Logged & { payload: { asset: string; paymentCurrency: string; amount: string } }).payload
      const total = parseFiat(request.amount) ?? 0n
      const ramp = mode === 'estimate' ? { provider: 'localramp', quote: fallbackQuote(total, request.paymentCurrency, request.asset), estimate: { reason: 'LocalRamp did not answer with a quote' } } : { provider: 'localramp', quote: quoteOf(total, 1n, request.paymentCurrency, request.asset) }
      const exchange = { provider: 'localexchange', quote: quoteOf(total, 2n, request.paymentCurrency, request.asset) }
      return [
        { type: 'onramp/quotesReceived', payload: { request: event.payload as never, quotes: [ramp, exchange] } },
        { type: 'onramp/providerSelected', payload: { provider: mode === 'estimate' ? 'localexchange' : 'localramp' } },
      ] as LatchEvent[]
    }
    return []
  }
  return { ...plugin, effects: [(events$: Observable<Logged>) => events$.pipe(mergeMap((event) => { const out = answer(event); return out.length ? from(out) : EMPTY }))] }
}

/** A purchase at `status` (waiting, complete, failed), as if Continue had been clicked: the events the plugin would log. */
export function previewOnrampPurchase(status: string): LatchEvent[] {
  const checkoutId = 'preview-checkout'
  const events: LatchEvent[] = [
    { type: 'onramp/optionsReceived', payload: { options: previewOnrampOptions } },
    { type: 'onramp/checkoutRequested', payload: { checkoutId, provider: 'localramp', asset: 'DEMO', network: 'ethereum', paymentCurrency: 'USD', paymentMethod: 'card', amount: '100.00' } },
    { type: 'onramp/checkoutOpened', payload: { checkoutId, provider: 'localramp' } },
  ] as LatchEvent[]
  if (status === 'complete') events.push({ type: 'onramp/purchaseConfirmed', payload: { checkoutId, provider: 'localramp', purchaseId: 'p1', amount: '39.6', symbol: 'DEMO' } } as LatchEvent)
  if (status === 'failed') events.push({ type: 'onramp/purchaseFailed', payload: { checkoutId, provider: 'localramp', purchaseId: 'p1' } } as LatchEvent)
  return events
}
