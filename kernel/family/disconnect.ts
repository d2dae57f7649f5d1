import type { Observable } from 'rxjs'
import { type ChainNamespace, type LatchEvent, type Logged } from '../index'
import { answerFamilyDisconnect } from '../engine/answer-intent'
import type { FamilySession } from './session'

// Apart from session.ts: a family's first load reads its session; the disconnect's answer may load later.
/**
 * Answers `wallet/disconnectRequested` for a family with `answerFamilyDisconnect`: a connector's wallet ends its session
 * (for every family it serves); a wallet the family discovered is told by `tell` (best effort).
 */
export function answerSessionDisconnect<Held>(
  events$: Observable<Logged>,
  ns: ChainNamespace,
  session: () => FamilySession<Held>,
  tell: (session: Extract<FamilySession<Held>, { kind: 'mine' }>) => Promise<unknown>,
): Observable<LatchEvent> {
  return answerFamilyDisconnect(
    events$,
    ns,
    () => {
      const current = session()
      return current.kind === 'mine' ? current : undefined
    },
    (current) => (current.remote ? current.remote.disconnect() : tell(current)),
  )
}

