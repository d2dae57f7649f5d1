import type { Draft } from 'immer'
import type { EventOf, EventType, Logged } from '../../engine/events'

/**
 * The reducers of one core slice, over `S`: the parts of the state they read and write. A slice file names those parts
 * from the slice files it depends on; the whole state (kernel/core/state.ts) is made of the slices, so a slice cannot name it.
 */
export type SliceReducers<S> = { [T in EventType]?: (draft: Draft<S>, event: Logged<EventOf<T>>) => void }
