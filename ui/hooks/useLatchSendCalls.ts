import { useMemo } from 'react'
import type { Latch } from '../../kernel/index'
import type { SendCallsParameters, SendCallsReturnType } from '../../plugins/eip155/index'
import { useMutation, type MutateAsync, type Mutate, type MutationState } from './useMutation'

/** What `useLatchSendCalls` returns: the last call's state, `sendCalls` and `sendCallsAsync` (data: `{ id }` for `getCallsStatus`). */
export type UseLatchSendCallsReturnType = MutationState<SendCallsReturnType, SendCallsParameters> & {
  sendCalls: Mutate<SendCallsReturnType, SendCallsParameters>
  sendCallsAsync: MutateAsync<SendCallsReturnType, SendCallsParameters>
}

// Imported on first use, as in useLatchSignTypedData: latch/react's first load carries none of the eip155 plugin.
const run = async (latch: Latch, variables: SendCallsParameters) => {
  const { sendCalls } = await import('../../plugins/eip155/ui')
  return sendCalls(latch, variables)
}

/** Asks the connected EVM wallet to send a batch of calls (EIP-5792, `sendCalls` of latch/plugins/eip155), shaped like wagmi's hook. */
export function useLatchSendCalls(): UseLatchSendCallsReturnType {
  const { state, mutate, mutateAsync } = useMutation(run)
  return useMemo(() => ({ ...state, sendCalls: mutate, sendCallsAsync: mutateAsync }), [state, mutate, mutateAsync])
}
