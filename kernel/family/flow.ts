import { Observable } from 'rxjs'
import { kernelFaulted, toLatchError, type LatchEvent } from '../index'

/**
 * Runs an async step-by-step flow as an Observable of the events it emits; unsubscribing silences it. A bug that
 * escapes the flow is logged as `kernel/faulted` from `source` and ends only this flow: erroring would stop every other
 * capability of the plugin with it.
 */
export function familyFlow(source: string, run: (emit: (event: LatchEvent) => void) => Promise<void>): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    run((event) => subscriber.next(event)).then(
      () => subscriber.complete(),
      (error: unknown) => {
        subscriber.next(kernelFaulted({ source, error: toLatchError(error, 'EFFECT_FAILED').toData() }))
        subscriber.complete()
      },
    )
  })
}
