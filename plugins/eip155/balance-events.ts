import * as z from 'zod/mini'
import { caipAddressSchema, caipNetworkIdSchema, defineEvent, errorDataSchema } from '../../kernel/index'

const ns = { namespaced: true }

/**
 * The visitor's own transaction (sent through Latch) was mined: its receipt, for the account that sent
 * it. Balances are read again after it (docs/behaviour.md, "Balance refresh").
 */
export const eip155ReceiptReceived = defineEvent(
  'eip155/receiptReceived',
  z.object({ hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)), caipAddress: caipAddressSchema, status: z.enum(['success', 'reverted']), blockNumber: z.number() }),
  ns,
)

/**
 * An entry of the integrator's token list is not an ERC-20 on that chain (no contract, no `balanceOf`,
 * no decimals): reported once, for the developer, and left out of every later read (docs/networks.md, "Token list").
 */
export const eip155TokenRejected = defineEvent(
  'eip155/tokenRejected',
  z.object({ caipNetworkId: caipNetworkIdSchema, address: z.string(), error: errorDataSchema }),
  ns,
)

/**
 * `sendTokens` sent this transaction (docs/behaviour.md, "Pending transactions"): its hash, public once sent (never the
 * signed transaction). It joins the eip155 slice's `pending` list until its receipt comes.
 */
export const eip155TransferSent = defineEvent('eip155/transferSent', z.object({ hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)) }), ns)

/** The eip155 events after which the native balance is read (docs/behaviour.md, "Balances"). */
export const nativeBalanceTriggers: readonly string[] = ['account/connected', 'account/addressChanged', 'network/switched', 'account/disconnected']

/** The balance events of the eip155 plugin (and the pending list's, which its receipts settle). */
export const eip155BalanceEvents = [eip155ReceiptReceived, eip155TokenRejected, eip155TransferSent] as const
