import { useMemo } from 'react'
import { sendTransaction, type Latch, type SendTransactionParameters } from '../../kernel/index'
import { useMutation, type MutateAsync, type Mutate, type MutationState } from './useMutation'

/** What `useLatchSendTransaction` takes: `sendTransaction`'s parameters, `value` defaulting to 0 as in wagmi. */
export type SendTransactionVariables = Omit<SendTransactionParameters, 'value'> & { value?: SendTransactionParameters['value'] }

/** What `useLatchSendTransaction` returns: the last call's state, `sendTransaction` and `sendTransactionAsync` (data: the hash). */
export type UseLatchSendTransactionReturnType = MutationState<string, SendTransactionVariables> & {
  sendTransaction: Mutate<string, SendTransactionVariables>
  sendTransactionAsync: MutateAsync<string, SendTransactionVariables>
}

const run = (latch: Latch, { value = 0n, ...rest }: SendTransactionVariables) => sendTransaction(latch, { ...rest, value }).then(({ hash }) => hash)

/** Asks the connected wallet to send a transaction; data is its hash once sent (not mined). Shaped like wagmi's hook. */
export function useLatchSendTransaction(): UseLatchSendTransactionReturnType {
  const { state, mutate, mutateAsync } = useMutation(run)
  return useMemo(() => ({ ...state, sendTransaction: mutate, sendTransactionAsync: mutateAsync }), [state, mutate, mutateAsync])
}
