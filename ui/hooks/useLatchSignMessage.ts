import { useMemo } from 'react'
import { signMessage, type Latch, type SignMessageParameters } from '../../kernel/index'
import { useMutation, type MutateAsync, type Mutate, type MutationState } from './useMutation'

/** What `useLatchSignMessage` returns: the last call's state, `signMessage` and `signMessageAsync` (data: the signature, a string: the active family may be any). */
export type UseLatchSignMessageReturnType = MutationState<string, SignMessageParameters> & {
  signMessage: Mutate<string, SignMessageParameters>
  signMessageAsync: MutateAsync<string, SignMessageParameters>
}

const run = (latch: Latch, variables: SignMessageParameters) => signMessage(latch, variables).then(({ signature }) => signature)

/** Asks the connected wallet to sign a message (`signMessage` of `latch`), shaped like wagmi's `useSignMessage` (docs/react.md). */
export function useLatchSignMessage(): UseLatchSignMessageReturnType {
  const { state, mutate, mutateAsync } = useMutation(run)
  return useMemo(() => ({ ...state, signMessage: mutate, signMessageAsync: mutateAsync }), [state, mutate, mutateAsync])
}
