'use client'

/**
 * Latch for pages without React of their own (`latch/elements`, docs/elements.md): `mountLatch(latch)` mounts the modal
 * and gives `open()`, `close()`, `subscribe()` and the verbs; `<latch-connect-button>`, `<latch-account-button>` and
 * `<latch-network-button>` draw the buttons. This entry imports `react` and `react-dom` by name, so a host that has React
 * shares its copy; `latch/elements/standalone` carries React (and the kernel) inside for a page that has none.
 * Importing it touches no DOM global: a server may import it.
 */
export { mountLatch, type MountLatchOptions } from './mount'
export type { MountedLatch, SubscribeOptions, LatchElementKind } from './types'
export { defineLatchElements, elementTags, type LatchElement } from './elements'
// For mountLatch's `addons` (docs/react.md, "Add-ons").
export { defineAddon, type LatchAddon } from '../addons'
export {
  elementEvents,
  type LatchAccountDetail,
  type LatchNetworkDetail,
  type LatchModalDetail,
  type LatchElementEventName,
  type LatchElementEventMap,
} from './events'
