import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'

export type SendTransferParameters = {
  /** Who gets what: addresses of the connection's network and whole amounts of satoshis (bigint, number or decimal text). */
  recipients: readonly { address: string; amount: bigint | number | string }[]
} & RequestOptions
export type SendTransferReturnType = { txid: string }
export type SendTransferErrorType = LatchError

/** Asks the connected Bitcoin wallet to send bitcoin (`sendTransfer`); resolves with the transaction id once sent. */
export function sendTransfer(latch: Kernel, { recipients, ...options }: SendTransferParameters): Promise<SendTransferReturnType> {
  const params = { recipients: recipients.map(({ address, amount }) => ({ address, amount: typeof amount === 'number' ? amount : amount.toString() })) }
  return request<SendTransferReturnType>(latch, { ns: 'bip122', method: 'sendTransfer', params, ...options })
}
