import type { SchedulerLike } from 'rxjs'
import { LatchError } from '../../kernel/index'

/** Settles like `promise`, or rejects with `REQUEST_TIMEOUT` after `ms` of the clock port. */
export function withTimeout<T>(promise: Promise<T>, ms: number, scheduler: SchedulerLike, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = scheduler.schedule(() => reject(new LatchError('REQUEST_TIMEOUT', { details: `${what} got no answer in ${ms} ms` })), ms)
    promise.then(
      (value) => {
        timer.unsubscribe()
        resolve(value)
      },
      (error: unknown) => {
        timer.unsubscribe()
        reject(error)
      },
    )
  })
}
