import { useMemo } from 'react'
import type { Hex, TypedData } from 'viem'
import type { Latch } from '../../kernel/index'
import type { SignTypedDataParameters } from '../../plugins/eip155/index'
import { useMutation, type MutateOptions, type MutationState } from './useMutation'

/** `signTypedData` of the hook, typed by the typed data it is given, as viem and wagmi type it. */
export type SignTypedDataMutate<result> = <
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | 'EIP712Domain',
>(
  variables: SignTypedDataParameters<typedData, primaryType>,
  options?: MutateOptions<Hex, SignTypedDataParameters>,
) => result

/** What `useLatchSignTypedData` returns: the last call's state, `signTypedData` and `signTypedDataAsync` (data: the signature). */
export type UseLatchSignTypedDataReturnType = MutationState<Hex, SignTypedDataParameters> & {
  signTypedData: SignTypedDataMutate<void>
  signTypedDataAsync: SignTypedDataMutate<Promise<Hex>>
}

// The EVM verb is imported on first use, so latch/react's first load carries none of the eip155 plugin (a dapp
// that signs typed data has loaded latch/plugins/eip155 already: the import finds it there).
const run = async (latch: Latch, variables: SignTypedDataParameters) => {
  const { signTypedData } = await import('../../plugins/eip155/ui')
  return (await signTypedData(latch, variables)).signature
}

/** Asks the connected EVM wallet to sign EIP-712 typed data (`signTypedData` of latch/plugins/eip155), shaped like wagmi's hook. */
export function useLatchSignTypedData(): UseLatchSignTypedDataReturnType {
  const { state, mutate, mutateAsync } = useMutation(run)
  return useMemo(
    () => ({ ...state, signTypedData: mutate as SignTypedDataMutate<void>, signTypedDataAsync: mutateAsync as SignTypedDataMutate<Promise<Hex>> }),
    [state, mutate, mutateAsync],
  )
}
