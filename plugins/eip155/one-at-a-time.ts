import { Observable, type OperatorFunction, type Subscription } from 'rxjs'

/**
 * Runs `work` for a value; values that arrive while it runs are remembered (the last one), and `work`
 * runs once more for it when the current run ends. So at most one run is in flight, none is lost, and a
 * burst of triggers costs at most two runs: no request storm, and no starvation when the work is slower
 * than its triggers (as `switchMap` would do, cancelling every run before it answers).
 */
export function oneAtATime<T, R>(work: (value: T) => Observable<R>): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      let busy = false
      let queued: { value: T } | undefined
      let sourceDone = false
      let running: Subscription | undefined
      const start = (value: T) => {
        busy = true
        running = work(value).subscribe({
          next: (result) => subscriber.next(result),
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            busy = false
            const next = queued
            queued = undefined
            if (next) start(next.value)
            else if (sourceDone) subscriber.complete()
          },
        })
      }
      const input = source.subscribe({
        next: (value) => (busy ? (queued = { value }) : start(value)),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true
          if (!busy) subscriber.complete()
        },
      })
      return () => {
        input.unsubscribe()
        running?.unsubscribe()
      }
    })
}
