import { LatchError } from '../engine/errors'
import type { ChainNamespace } from '../types'

/**
 * Which RPC methods a dapp may send to a wallet through Latch, and which of them sign or send
 * (docs/behaviour.md, "Wallet requests": safe and unsafe methods, the allowed methods).
 */

// The read-only list is its own file: the kernel's intents, in every first load, use it and nothing else here (docs/chunks.md).
import { isSafeMethod } from './safe-methods'
export { isSafeMethod, safeMethods } from './safe-methods'

/** Methods that sign or send: a pending one is aborted when the visitor rejects or disconnects. */
export const unsafeMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/** The methods each chain family allows by default, besides the safe ones (eip155 only). */
export const defaultAllowedMethods: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'personal_sign',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_registerOnboarding',
    'wallet_watchAsset',
    'wallet_scanQRCode',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_sendCalls',
    'wallet_getCapabilities',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_requestAccounts',
    'solana_getAccounts',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
  polkadot: [],
  cosmos: [],
}

/** The developer text of a refused method (docs/errors.md, `RPC_NOT_ALLOWED`); the visitor reads 'Action not allowed'. */
export const rpcNotAllowedMessage = 'Requested RPC call is not allowed'

/** True for a method that signs or sends (`personal_sign`, `eth_sendTransaction`, `wallet_sendCalls` …). */
export function isUnsafeMethod(method: string): boolean {
  return (unsafeMethods as readonly string[]).includes(method)
}

/**
 * True when a dapp may send `method` to a wallet of family `ns`: it is in `allowed` (by default the
 * family's list), or it is an EVM read-only method.
 */
export function isMethodAllowed(ns: ChainNamespace, method: string, allowed: readonly string[] = Object.hasOwn(defaultAllowedMethods, ns) ? defaultAllowedMethods[ns] : []): boolean {
  return allowed.includes(method) || (ns === 'eip155' && isSafeMethod(method))
}

/** Throws `RPC_NOT_ALLOWED` ('Action not allowed'; details 'Requested RPC call is not allowed: …') unless `isMethodAllowed`. */
export function assertMethodAllowed(ns: ChainNamespace, method: string, allowed?: readonly string[]): void {
  if (isMethodAllowed(ns, method, allowed)) return
  throw new LatchError('RPC_NOT_ALLOWED', { details: `${rpcNotAllowedMessage}: ${JSON.stringify(String(method).slice(0, 100))} is not among the allowed methods of ${ns}` })
}
