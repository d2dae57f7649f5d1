import { LatchError } from '../engine/errors'
import type { ChainNamespace } from '../types'

/**
 * Which RPC methods a dapp may send to a wallet through Latch, and which of them sign or send
 * (docs/behaviour.md, "Wallet requests": safe and unsafe methods, the allowed methods).
 */

/** Read-only methods: never a prompt, never a signature. A pending one is not aborted when the visitor rejects. */
export const safeMethods = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'wallet_getAssets',
] as const

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

/** True for a read-only method (`eth_call`, `eth_getBalance`, `wallet_getCapabilities` …). */
export function isSafeMethod(method: string): boolean {
  return (safeMethods as readonly string[]).includes(method)
}

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
