import * as z from 'zod/mini'
import { fixedList } from '../../kernel/family/wallet-intents'
import { hexQuantitySchema } from './shared'

/**
 * What a dapp may ask and what a wallet must answer, per method (docs/behaviour.md, "Wallet
 * requests"). Parameters are checked before the wallet sees them (`INVALID_PARAMS`), answers
 * before the dapp sees them (`INVALID_RESPONSE`).
 */

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address: 0x and 40 hex digits'))
const bytes = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex data: 0x and pairs of hex digits'))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'a hash: 0x and 64 hex digits'))
const jsonRecord = z.record(z.string(), z.json())

/** One EIP-5792 call: `to` and `data` start with 0x (docs/behaviour.md, "Wallet requests"). */
export const callSchema = z.looseObject({
  to: address,
  data: z.optional(bytes),
  value: z.optional(hexQuantitySchema),
  capabilities: z.optional(jsonRecord),
})

/** `wallet_sendCalls` parameters (EIP-5792): one batch of at least one call. */
export const sendCallsParamsSchema = fixedList([
  z.looseObject({
    version: z.optional(z.string()),
    id: z.optional(z.string().check(z.minLength(1), z.maxLength(8194))),
    from: z.optional(address),
    chainId: z.optional(hexQuantitySchema),
    atomicRequired: z.optional(z.boolean()),
    calls: z.array(callSchema).check(z.minLength(1)),
    capabilities: z.optional(jsonRecord),
  }),
])

/** `wallet_getCallsStatus` parameters: the batch id `wallet_sendCalls` returned. */
export const getCallsStatusParamsSchema = fixedList([z.string().check(z.minLength(1), z.maxLength(8194))])

/** EIP-712 typed data as `eth_signTypedData_v4` carries it (after JSON.parse). */
export const typedDataSchema = z
  .looseObject({
    types: z.record(z.string(), z.array(z.looseObject({ name: z.string(), type: z.string().check(z.minLength(1)) }))),
    primaryType: z.string().check(z.minLength(1)),
    domain: z.optional(jsonRecord),
    message: z.optional(jsonRecord),
  })
  .check(z.refine((data) => Object.hasOwn(data.types, data.primaryType), { message: 'primaryType must name one of types', path: ['primaryType'] }))

/** `eth_signTypedData_v4` parameters: the signing address, then the typed data (a JSON string, or the object). */
export const signTypedDataParamsSchema = fixedList([address, z.union([z.string(), jsonRecord])])

/** `wallet_grantPermissions` / `wallet_revokePermissions` parameters: one request object. */
export const permissionsParamsSchema = fixedList([jsonRecord])

/** A signature: 0x and at least 62 hex digits (docs/behaviour.md, "RPC results"). */
export const signatureSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/, 'a signature'))

/** A transaction hash: 0x and exactly 64 hex digits. */
export const transactionHashSchema = hash

/** `wallet_sendCalls` answer: `{ id }` (EIP-5792 2.0), or the id itself (1.0). */
export const sendCallsResultSchema = z.union([z.string().check(z.minLength(1)), z.looseObject({ id: z.string().check(z.minLength(1)), capabilities: z.optional(jsonRecord) })])

const receiptSchema = z.looseObject({
  logs: z.optional(z.array(z.looseObject({ address, data: bytes, topics: z.array(hash) }))),
  status: hexQuantitySchema,
  blockHash: hash,
  blockNumber: hexQuantitySchema,
  gasUsed: hexQuantitySchema,
  transactionHash: hash,
})

/** `wallet_getCallsStatus` answer (EIP-5792): a status code (100 pending, 200 confirmed, 4xx–6xx failed) and the receipts. */
export const callsStatusSchema = z.looseObject({
  version: z.optional(z.string()),
  id: z.optional(z.string()),
  chainId: z.optional(hexQuantitySchema),
  // 1.0 wallets answered 'PENDING' or 'CONFIRMED'.
  status: z.union([z.number().check(z.int(), z.gte(100), z.lt(1000)), z.enum(['PENDING', 'CONFIRMED'])]),
  atomic: z.optional(z.boolean()),
  receipts: z.optional(z.array(receiptSchema)),
  capabilities: z.optional(jsonRecord),
})

/** `wallet_grantPermissions` answer (ERC-7715): an object describing what was granted. */
export const grantPermissionsResultSchema = jsonRecord

/** `wallet_revokePermissions` answer: nothing (null), or an acknowledgement. */
export const revokePermissionsResultSchema = z.union([z.null(), z.boolean(), jsonRecord])

/** Parameter checks of the methods Latch knows; any other method's parameters go to the wallet as they are. */
export const paramsSchemas: Readonly<Record<string, z.ZodMiniType>> = {
  wallet_sendCalls: sendCallsParamsSchema,
  wallet_getCallsStatus: getCallsStatusParamsSchema,
  eth_signTypedData_v4: signTypedDataParamsSchema,
  wallet_grantPermissions: permissionsParamsSchema,
  wallet_revokePermissions: permissionsParamsSchema,
}

/** Answer checks of the methods Latch knows; any other method's answer must be JSON. */
export const resultSchemas: Readonly<Record<string, z.ZodMiniType>> = {
  personal_sign: signatureSchema,
  eth_sign: signatureSchema,
  eth_signTypedData: signatureSchema,
  eth_signTypedData_v3: signatureSchema,
  eth_signTypedData_v4: signatureSchema,
  eth_sendTransaction: transactionHashSchema,
  eth_sendRawTransaction: transactionHashSchema,
  wallet_sendCalls: sendCallsResultSchema,
  wallet_getCallsStatus: callsStatusSchema,
  wallet_grantPermissions: grantPermissionsResultSchema,
  wallet_revokePermissions: revokePermissionsResultSchema,
  wallet_switchEthereumChain: z.null(),
  wallet_addEthereumChain: z.null(),
}
