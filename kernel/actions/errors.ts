import type { LatchErrorOf } from '../engine/errors'

/**
 * The codes a verb may fail with (docs/errors.md), as viem's `XErrorType` unions: `catch (e) { const error = e as
 * SignMessageErrorType; if (error.code === 'USER_REJECTED') … }`.
 */

/** Any verb that goes through `latch.request`: the intent refused, no answer in time, the kernel destroyed, or no wallet of that family (`UNKNOWN` with the message id `NOT_CONNECTED`). */
export type RequestFailureCode = 'INVALID_EVENT' | 'REQUEST_TIMEOUT' | 'KERNEL_DESTROYED' | 'UNKNOWN'
/** Any question to a wallet: declined, aborted or already pending, a bad answer, an unreachable relay, a missing peer package. */
export type WalletFailureCode = RequestFailureCode | 'USER_REJECTED' | 'REQUEST_ABORTED' | 'INVALID_RESPONSE' | 'NETWORK_ERROR' | 'PEER_MISSING'

export type ConnectErrorType = LatchErrorOf<WalletFailureCode | 'CONNECTOR_NOT_FOUND' | 'WALLETCONNECT_CONNECTOR_NOT_FOUND' | 'INVALID_ADDRESS' | 'INVALID_CAIP10'>
export type DisconnectErrorType = LatchErrorOf<RequestFailureCode | 'REQUEST_ABORTED' | 'DISCONNECT_FAILED'>
export type SignMessageErrorType = LatchErrorOf<WalletFailureCode | 'CHAIN_REQUIRED' | 'INVALID_PARAMS'>
export type SendTransactionErrorType = LatchErrorOf<WalletFailureCode | 'CHAIN_REQUIRED' | 'INVALID_ADDRESS' | 'INVALID_PARAMS'>
export type RequestErrorType = LatchErrorOf<WalletFailureCode | 'CHAIN_REQUIRED' | 'RPC_NOT_ALLOWED' | 'INVALID_PARAMS' | 'INVALID_ADDRESS'>
export type SwitchNetworkErrorType = LatchErrorOf<WalletFailureCode | 'NETWORK_UNSUPPORTED' | 'NETWORK_NOT_FOUND' | 'SWITCH_CHAIN_FAILED' | 'INVALID_CAIP2'>
export type SwitchConnectionErrorType = LatchErrorOf<ConnectErrorType['code'] | 'BIP122_ADDRESS_REQUIRED' | 'NON_PAYMENT_ACCOUNT' | 'NETWORK_NOT_FOUND' | 'INVALID_CONNECTION_STATUS'>
export type DisconnectConnectionErrorType = DisconnectErrorType
/** `activateFamily` asks no wallet and never fails. */
export type ActivateFamilyErrorType = never
