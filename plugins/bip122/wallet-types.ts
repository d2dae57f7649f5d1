import type { CaipNetworkId } from '../../kernel/index'

/** The address types Latch accepts (plugins/bip122/address.ts decodes them). */
export type AddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

/** The account purposes Latch asks for (docs/bitcoin.md, "Accounts"). */
export type Purpose = 'payment' | 'ordinals'

/** One checked account of a Bitcoin wallet. */
export type BitcoinAccount = { address: string; publicKey?: string; purpose: Purpose; addressType: AddressType }

/** What a wallet answered for its accounts, before Latch checks it. */
export type RawAccounts = { addresses: unknown; caipNetworkId?: CaipNetworkId }

/** A wallet event, as Latch follows it. */
export type WalletEventType = 'accountChange' | 'networkChange' | 'disconnect'

/**
 * One Bitcoin wallet behind a uniform interface (sats-connect or the wallet standard). Answers are raw: the caller
 * checks them. A method the wallet lacks throws a `WalletAnswerError` with code -32001.
 */
export type RawWallet = {
  /** Asks for accounts of these purposes (opens the wallet's prompt). */
  connect(purposes: readonly Purpose[], caipNetworkId?: CaipNetworkId): Promise<RawAccounts>
  /** The accounts the site is already authorised for, without a prompt. */
  account(): Promise<RawAccounts>
  /** The wallet's addresses of these purposes. */
  addresses(purposes: readonly Purpose[]): Promise<RawAccounts>
  signMessage(params: { address: string; message: string; protocol: 'ECDSA' | 'BIP322' }): Promise<unknown>
  signPsbt(params: { psbt: string; signInputs: Record<string, number[]>; broadcast: boolean }, caipNetworkId: CaipNetworkId): Promise<unknown>
  sendTransfer(params: { recipients: { address: string; amount: number }[] }): Promise<unknown>
  changeNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  disconnect(): Promise<void>
  /** Follows the wallet's events; returns the function that stops. */
  listen(listener: (type: WalletEventType) => void): () => void
}
