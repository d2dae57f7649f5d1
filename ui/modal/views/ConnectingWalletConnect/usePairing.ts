import { useState } from 'react'
import { selectConnectAttempt, type Latch } from '../../../../kernel/index'
import { watchPairing, type Pairing } from '../../../../plugins/walletconnect/ui'
import { useHeld } from '../kit'

/** A pairing as it arrived, with the attempt that was latest then: a URI shows only under its own attempt. */
export type SeenPairing = { pairing?: Pairing; attemptId?: number }

/**
 * The pending pairing, from the plugin's live events while the view is mounted (docs/walletconnect.md, "The pairing URI is
 * a secret": the URI lives here, never in the state). One watch per mounted view, StrictMode's extra mount included: the
 * plugin is asked once to show a pending pairing again (docs/react.md, "StrictMode").
 */
export function usePairing(latch: Latch): SeenPairing {
  const [seen, setSeen] = useState<SeenPairing>({})
  useHeld(() => {
    const subscription = watchPairing(latch).subscribe((pairing) => setSeen({ pairing, attemptId: selectConnectAttempt(latch.getState())?.id }))
    return () => subscription.unsubscribe()
  }, [latch])
  return seen
}
