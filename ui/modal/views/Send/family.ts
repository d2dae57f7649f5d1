import type { ChainNamespace, Kernel, RequestOptions } from '../../../../kernel/index'
import { estimateSendFee as eip155Fee, resolveName, sendTokens as eip155Send } from '../../../../plugins/eip155/ui'
import { signatureFee, sendTokens as solanaSend } from '../../../../plugins/solana/ui'
import type { SendToken } from './model'
import { tokenParameter } from './model'

/**
 * The family verbs the Send view calls (docs/behaviour.md, "Sending tokens"): each family says how its tokens are sent
 * and what that costs; the view knows neither. Send offers EVM and Solana (`sendRequirement` refuses the others).
 */
const verbs = {
  eip155: { send: eip155Send, fee: eip155Fee },
  // The family's fixed fee, known at once: no 'Estimating…' in between (its `estimateSendFee` answers the same).
  solana: { send: solanaSend, fee: (): bigint => signatureFee },
}

export type SendFamily = keyof typeof verbs

export function sendFamilyOf(ns: ChainNamespace | undefined): SendFamily {
  return ns === 'solana' ? 'solana' : 'eip155'
}

/** Sends `units` of `token` to `to`; resolves with the hash (a Solana transfer's signature) once the wallet sent it. */
export function sendToken(latch: Kernel, family: SendFamily, token: SendToken, units: bigint, to: string): Promise<{ hash: string }> {
  return verbs[family].send(latch, { token: tokenParameter(token), amount: units, to })
}

/** The network fee of sending `token` from `from` to `to`, in the coin's smallest unit: at once when the family knows it. */
export function sendFee(latch: Kernel, family: SendFamily, from: string, token: SendToken, to: string): bigint | Promise<bigint> {
  return verbs[family].fee(latch, { from, token: tokenParameter(token), to })
}

/**
 * The address of a name (docs/behaviour.md, "Names"): one in the names plugin's zone from its name service
 * (`names/addressRequested`, docs/names.md, "Sending to a name"), any other by the eip155 plugin's `resolveName`.
 */
export async function addressOfName(latch: Kernel, name: string, zone: string | undefined, options?: RequestOptions): Promise<string | null> {
  if (zone !== undefined && name.endsWith(`.${zone}`)) return (await latch.request({ type: 'names/addressRequested', payload: { name } }, options)).address
  return resolveName(latch, name, options)
}
