import { useContext, useSyncExternalStore } from 'react'
import { type Latch } from '../../../kernel/index'
import { isImageAllowed } from '../../../kernel/rules/images'
import { LatchContext } from '../../context'

const none: readonly string[] = []
const noSubscription = () => () => undefined

/**
 * `src` when the modal may load it (docs/behaviour.md, "Images": a data: image, the page's own origin, or a host the
 * integrator or a plugin configured), else undefined, so the placeholder shows and no request leaves for another host.
 * Outside a LatchProvider (a row rendered on its own) no host is configured: only data: images and the page's origin load.
 */
export function useAllowedImage(src: string | undefined): string | undefined {
  const latch: Latch | undefined = useContext(LatchContext)?.latch
  const origins = useSyncExternalStore(latch?.subscribe ?? noSubscription, () => latch?.getState().options.imageOrigins ?? none, () => latch?.getServerState().options.imageOrigins ?? none)
  const page = typeof location === 'undefined' ? undefined : location.origin
  return src !== undefined && isImageAllowed(src, origins, page) ? src : undefined
}
