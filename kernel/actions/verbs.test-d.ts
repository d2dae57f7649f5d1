// Type tests of the public verbs, checked by `tsc` (tsconfig.json includes kernel/): an `@ts-expect-error` that is not
// needed, or an `expectTypeOf` that does not hold, fails the typecheck.
import type { Address, Hex } from 'viem'
import { expectTypeOf } from 'vitest'
import {
  activateFamily,
  connect,
  createLatch,
  disconnect,
  disconnectConnection,
  request,
  sendTransaction,
  signMessage,
  switchConnection,
  switchNetwork,
  type ActivateFamilyErrorType,
  type CaipNetworkId,
  type ConnectErrorType,
  type DisconnectConnectionErrorType,
  type DisconnectErrorType,
  type LatchError,
  type LatchErrorCode,
  type RequestErrorType,
  type SendTransactionErrorType,
  type SignMessageErrorType,
  type SwitchConnectionErrorType,
  type SwitchNetworkErrorType,
} from 'latch'

const latch = createLatch()
type Waited = 'INVALID_EVENT' | 'REQUEST_TIMEOUT' | 'KERNEL_DESTROYED' | 'UNKNOWN'
type Asked = Waited | 'USER_REJECTED' | 'REQUEST_ABORTED' | 'INVALID_RESPONSE' | 'NETWORK_ERROR' | 'PEER_MISSING'

// signMessage: 0x hex only when the family is eip155; a Solana or Bitcoin signature, or the active family's, is a string.
expectTypeOf(signMessage(latch, { message: 'hi', ns: 'eip155' })).resolves.toEqualTypeOf<{ signature: Hex }>()
expectTypeOf(signMessage(latch, { message: 'hi', ns: 'solana' })).resolves.toEqualTypeOf<{ signature: string }>()
expectTypeOf(signMessage(latch, { message: 'hi', ns: 'bip122' })).resolves.toEqualTypeOf<{ signature: string }>()
expectTypeOf(signMessage(latch, { message: 'hi' })).resolves.toEqualTypeOf<{ signature: string }>()
// @ts-expect-error a message is required
void signMessage(latch, { ns: 'eip155' })
// @ts-expect-error a family Latch does not know
void signMessage(latch, { message: 'hi', ns: 'dogecoin' })
expectTypeOf<SignMessageErrorType['code']>().toEqualTypeOf<Asked | 'CHAIN_REQUIRED' | 'INVALID_PARAMS'>()

// sendTransaction: an EVM `to` is an Address and the hash Hex; a Solana or Bitcoin `to` and hash are strings.
expectTypeOf(sendTransaction(latch, { to: '0x0000000000000000000000000000000000000001', value: 1n, ns: 'eip155' })).resolves.toEqualTypeOf<{ hash: Hex }>()
expectTypeOf(sendTransaction(latch, { to: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', value: 1n, ns: 'solana' })).resolves.toEqualTypeOf<{ hash: string }>()
expectTypeOf(sendTransaction(latch, { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', value: '1000', ns: 'bip122' })).resolves.toEqualTypeOf<{ hash: string }>()
expectTypeOf(sendTransaction(latch, { to: 'anything', value: 1n })).resolves.toEqualTypeOf<{ hash: string }>()
expectTypeOf<Parameters<typeof sendTransaction<'eip155'>>[1]['to']>().toEqualTypeOf<Address>()
// @ts-expect-error an EVM recipient must be 0x…
void sendTransaction(latch, { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', value: 1n, ns: 'eip155' })
// @ts-expect-error calldata is EVM's
void sendTransaction(latch, { to: 'bc1q', value: 1n, data: '0x00', ns: 'bip122' })
// @ts-expect-error an SPL token is Solana's
void sendTransaction(latch, { to: '0x0000000000000000000000000000000000000001', value: 1n, token: { mint: 'm', decimals: 6 }, ns: 'eip155' })
void sendTransaction(latch, { to: 'owner', value: 1n, token: { mint: 'm', decimals: 6 }, ns: 'solana' })
expectTypeOf<SendTransactionErrorType['code']>().toEqualTypeOf<Asked | 'CHAIN_REQUIRED' | 'INVALID_ADDRESS' | 'INVALID_PARAMS'>()

// request: the answer is what the caller says it is (unknown by default).
expectTypeOf(request(latch, { method: 'eth_chainId' })).resolves.toEqualTypeOf<unknown>()
expectTypeOf(request<Hex>(latch, { method: 'eth_chainId', ns: 'eip155' })).resolves.toEqualTypeOf<Hex>()
// @ts-expect-error a method is required
void request(latch, { params: [] })
expectTypeOf<RequestErrorType['code']>().toEqualTypeOf<Asked | 'CHAIN_REQUIRED' | 'RPC_NOT_ALLOWED' | 'INVALID_PARAMS' | 'INVALID_ADDRESS'>()

// connect, disconnect, switchNetwork, switchConnection, disconnectConnection, activateFamily.
expectTypeOf(connect(latch, { connectorId: 'io.metamask', ns: 'eip155' })).resolves.toEqualTypeOf<{ caipAddress: `${string}:${string}:${string}` }>()
// @ts-expect-error connect names its family
void connect(latch, { connectorId: 'io.metamask' })
expectTypeOf<ConnectErrorType['code']>().toEqualTypeOf<Asked | 'CONNECTOR_NOT_FOUND' | 'WALLETCONNECT_CONNECTOR_NOT_FOUND' | 'INVALID_ADDRESS' | 'INVALID_CAIP10'>()
expectTypeOf(disconnect(latch)).resolves.toEqualTypeOf<void>()
expectTypeOf<DisconnectErrorType['code']>().toEqualTypeOf<Waited | 'REQUEST_ABORTED' | 'DISCONNECT_FAILED'>()
expectTypeOf(switchNetwork(latch, { caipNetworkId: 'eip155:8453' })).resolves.toEqualTypeOf<{ caipNetworkId: CaipNetworkId }>()
// @ts-expect-error a network id is namespace:reference
void switchNetwork(latch, { caipNetworkId: '8453' })
expectTypeOf<SwitchNetworkErrorType['code']>().toEqualTypeOf<Asked | 'NETWORK_UNSUPPORTED' | 'NETWORK_NOT_FOUND' | 'SWITCH_CHAIN_FAILED' | 'INVALID_CAIP2'>()
expectTypeOf(switchConnection(latch, { ns: 'bip122', connectorId: 'x', address: 'bc1q' })).resolves.toEqualTypeOf<{
  caipAddress: `${string}:${string}:${string}`
  hasSwitchedAccount: boolean
  hasSwitchedWallet: boolean
}>()
expectTypeOf<SwitchConnectionErrorType['code']>().toEqualTypeOf<ConnectErrorType['code'] | 'BIP122_ADDRESS_REQUIRED' | 'NON_PAYMENT_ACCOUNT' | 'NETWORK_NOT_FOUND' | 'INVALID_CONNECTION_STATUS'>()
expectTypeOf(disconnectConnection(latch, { ns: 'solana', connectorId: 'x' })).resolves.toEqualTypeOf<void>()
expectTypeOf<DisconnectConnectionErrorType>().toEqualTypeOf<DisconnectErrorType>()
expectTypeOf(activateFamily(latch, 'solana')).toEqualTypeOf<void>()
expectTypeOf<ActivateFamilyErrorType>().toBeNever()

// Every ErrorType is a LatchError whose code is a catalogue code: narrowing on `code` works.
expectTypeOf<SignMessageErrorType>().toExtend<LatchError>()
expectTypeOf<SignMessageErrorType['code']>().toExtend<LatchErrorCode>()
declare const error: SignMessageErrorType
if (error.code === 'USER_REJECTED') expectTypeOf(error.code).toEqualTypeOf<'USER_REJECTED'>()
// @ts-expect-error a code the verb cannot fail with does not compile in a comparison
if (error.code === 'SIWX_NOT_ENABLED') void error
