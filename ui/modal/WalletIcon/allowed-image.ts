import { isImageAllowed, type State } from '../../../kernel/index'
import { useLatch } from '../../hooks/useLatch'

const selectImageOrigins = (state: State) => state.options.imageOrigins

/**
 * `src` when the modal may load it (docs/behaviour.md, "Images": a data: image, the page's own origin, or a host the
 * integrator or a plugin configured), else undefined, so the placeholder shows and no request leaves for another host.
 */
export function useAllowedImage(src: string | undefined): string | undefined {
  const origins = useLatch(selectImageOrigins)
  const page = typeof location === 'undefined' ? undefined : location.origin
  return src !== undefined && isImageAllowed(src, origins, page) ? src : undefined
}
