import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toLatchError, type LatchError, type Latch } from '../../kernel/index'
import { useLatchInstance } from '../context'

/** Where a verb hook's last call is, as TanStack Query (and so wagmi) names it. */
export type MutationStatus = 'idle' | 'pending' | 'success' | 'error'

/** The state every verb hook returns (docs/react.md, "Verb hooks"): the last call's outcome. */
export type MutationState<data, variables> = {
  /** The last call's result, once it succeeded. */
  data: data | undefined
  /** Why the last call failed: always a LatchError (docs/errors.md). */
  error: LatchError | null
  /** What the last call was given. */
  variables: variables | undefined
  status: MutationStatus
  isIdle: boolean
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  /** Back to idle; a call still pending no longer changes the state when it settles. */
  reset(): void
}

/** Callbacks for one call, run only if it is still the hook's latest call and the component is still mounted. */
export type MutateOptions<data, variables> = {
  onSuccess?(data: data, variables: variables): void
  onError?(error: LatchError, variables: variables): void
  onSettled?(data: data | undefined, error: LatchError | null, variables: variables): void
}

/** The fire-and-forget verb: never rejects; the outcome is in the state and the callbacks. */
export type Mutate<data, variables> = (variables: variables, options?: MutateOptions<data, variables>) => void
/** The async verb: resolves with the result or rejects with a LatchError, and updates the state too. */
export type MutateAsync<data, variables> = (variables: variables, options?: MutateOptions<data, variables>) => Promise<data>

type Snapshot<data, variables> = Pick<MutationState<data, variables>, 'data' | 'error' | 'variables' | 'status'>

const idle = { data: undefined, error: null, variables: undefined, status: 'idle' } as const

/**
 * The machinery of the verb hooks: one call's state at a time. A second call while one is pending starts
 * a second request; the state then follows the newer call only (the older one's promise still settles).
 * No state update after unmount.
 */
export function useMutation<data, variables>(
  run: (latch: Latch, variables: variables) => Promise<data>,
): { state: MutationState<data, variables>; mutate: Mutate<data, variables>; mutateAsync: MutateAsync<data, variables> } {
  const latch = useLatchInstance()
  const [snapshot, setSnapshot] = useState<Snapshot<data, variables>>(idle)
  const mounted = useRef(false)
  const latest = useRef(0)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mutateAsync = useCallback<MutateAsync<data, variables>>(
    async (variables, options) => {
      const call = ++latest.current
      const current = () => mounted.current && latest.current === call
      if (current()) setSnapshot({ data: undefined, error: null, variables, status: 'pending' })
      let outcome: { ok: true; data: data } | { ok: false; error: LatchError }
      try {
        outcome = { ok: true, data: await run(latch, variables) }
      } catch (cause) {
        outcome = { ok: false, error: toLatchError(cause) }
      }
      if (outcome.ok) {
        if (current()) {
          setSnapshot({ data: outcome.data, error: null, variables, status: 'success' })
          options?.onSuccess?.(outcome.data, variables)
          options?.onSettled?.(outcome.data, null, variables)
        }
        return outcome.data
      }
      if (current()) {
        setSnapshot({ data: undefined, error: outcome.error, variables, status: 'error' })
        options?.onError?.(outcome.error, variables)
        options?.onSettled?.(undefined, outcome.error, variables)
      }
      throw outcome.error
    },
    [latch, run],
  )

  const mutate = useCallback<Mutate<data, variables>>((variables, options) => void mutateAsync(variables, options).catch(() => undefined), [mutateAsync])

  const reset = useCallback(() => {
    latest.current += 1
    if (mounted.current) setSnapshot(idle)
  }, [])

  const state = useMemo<MutationState<data, variables>>(
    () => ({
      ...snapshot,
      isIdle: snapshot.status === 'idle',
      isPending: snapshot.status === 'pending',
      isSuccess: snapshot.status === 'success',
      isError: snapshot.status === 'error',
      reset,
    }),
    [snapshot, reset],
  )
  return { state, mutate, mutateAsync }
}
