import { current, isDraft, type Draft } from 'immer'

/**
 * A drafted value as plain (frozen) data: a rule then copies references, instead of making an immer draft of every
 * entry it reads.
 */
export function plain<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value
}
