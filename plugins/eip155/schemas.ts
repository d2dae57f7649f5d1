import * as z from 'zod/mini'
import { isEvmAddress } from '../../kernel/rules/address'
import { isEip1193Provider, type Eip1193Provider } from './provider'

/** What wallets and RPC nodes send us, validated at the boundary. */

/** An EIP-1474 quantity: `0x` and at least one hex digit. */
export const hexQuantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))

/** `eth_accounts` / `eth_requestAccounts`: EVM addresses (docs/behaviour.md, "Addresses"). */
export const accountsSchema = z.array(z.string().check(z.refine(isEvmAddress, 'not an EVM address')))

/** `eth_chainId`: a hex quantity, or a number from older wallets. */
export const chainIdSchema = z.union([hexQuantitySchema, z.number().check(z.int(), z.positive())])

/** Longest EIP-6963 icon kept, in characters of its data URI; a longer one is dropped (docs/limits.md). */
export const maxIconLength = 64 * 1024

/** Most accounts read from a wallet answer; the rest are ignored (docs/limits.md). */
export const maxAccounts = 100

/** EIP-6963 `eip6963:announceProvider` detail. */
export const announcementSchema = z.object({
  info: z.object({
    uuid: z.string().check(z.minLength(1), z.maxLength(256)),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    icon: z.string(),
    rdns: z.string().check(z.maxLength(255), z.regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9_-]+)+$/)),
  }),
  provider: z.custom<Eip1193Provider>(isEip1193Provider),
})

/** EIP-5792 `wallet_getCapabilities`: capabilities per chain id, JSON only. */
export const capabilitiesSchema = z.record(z.string(), z.json())
