import { Observable } from 'rxjs'
import { kernelFaulted, toLatchError, type LatchEvent } from '../../kernel/index'

/**
 * Runs an async flow as an Observable of the events it emits; unsubscribing silences it. A bug that escapes is
 * logged as `kernel/faulted` and ends only this flow, never the plugin's other effects.
 */
export function flow(run: (emit: (event: LatchEvent) => void) => Promise<void>): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    run((event) => subscriber.next(event)).then(
      () => subscriber.complete(),
      (error: unknown) => {
        subscriber.next(kernelFaulted({ source: 'bip122', error: toLatchError(error, 'EFFECT_FAILED').toData() }))
        subscriber.complete()
      },
    )
  })
}
