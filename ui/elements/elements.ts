import type { Latch } from '../../kernel/index'
import { detailEqual, elementEvents, type LatchElementEventName } from './events'
import { mountFor, watchLatches } from './registry'
import type { LatchElementKind, Mount, Slot } from './types'

/** The custom elements (docs/elements.md, "Elements"), by tag. */
export const elementTags = {
  'latch-connect-button': 'connect',
  'latch-account-button': 'account',
  'latch-network-button': 'network',
} as const satisfies Record<string, LatchElementKind>

/** A Latch element as a page's script sees it. */
export type LatchElement = HTMLElement & {
  /** The instance it draws for (a `Latch`, or what `mountLatch` returned); unset: the page's last mounted instance. */
  latch: Latch | { latch: Latch } | undefined
  /** `label` attribute (`<latch-connect-button>` only): the button's text instead of 'Connect Wallet'. */
  label: string | undefined
}

let sequence = 0

/**
 * Defines `<latch-connect-button>`, `<latch-account-button>` and `<latch-network-button>` (each once; `mountLatch` calls
 * it). Does nothing where there is no `customElements` (a server), so importing and calling it there is safe.
 */
export function defineLatchElements(): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return
  for (const [tag, kind] of Object.entries(elementTags)) {
    if (!customElements.get(tag)) customElements.define(tag, elementClass(kind))
  }
}

/** The class of one kind, made only when defining: nothing at module level extends HTMLElement, which a server lacks. */
function elementClass(kind: LatchElementKind): CustomElementConstructor {
  return class extends HTMLElement implements LatchElement {
    static observedAttributes = ['label']
    #latch: Latch | undefined
    #mount: Mount | undefined
    #cleared = false
    #stopWatching: (() => void) | undefined
    #stopEvents: (() => void)[] = []
    readonly #slot: Slot = { element: this, kind, key: `latch-${kind}-${(sequence += 1)}`, label: () => this.getAttribute('label') ?? undefined }

    get latch(): Latch | undefined {
      return this.#latch
    }

    set latch(value: Latch | { latch: Latch } | undefined) {
      this.#latch = value && 'dispatch' in value ? value : value?.latch
      this.#follow()
    }

    get label(): string | undefined {
      return this.getAttribute('label') ?? undefined
    }

    set label(value: string | undefined) {
      if (value === undefined || value === null) this.removeAttribute('label')
      else this.setAttribute('label', value)
    }

    connectedCallback(): void {
      this.#stopWatching ??= watchLatches(() => this.#follow())
      this.#follow()
    }

    disconnectedCallback(): void {
      this.#stopWatching?.()
      this.#stopWatching = undefined
      this.#leave()
    }

    attributeChangedCallback(): void {
      this.#mount?.update()
    }

    /** Draws for the mount it belongs to now (none while out of the document or before its instance is mounted). */
    #follow(): void {
      const mount = this.isConnected ? mountFor(this.#latch) : undefined
      if (mount === this.#mount) return
      this.#leave()
      if (!mount) return
      // Markup written inside the element (a fallback before the script runs) gives way to the button, once.
      if (!this.#cleared) this.replaceChildren()
      this.#cleared = true
      this.#mount = mount
      mount.attach(this.#slot)
      const { latch } = mount.handle
      for (const [name, select] of Object.entries(elementEvents) as [LatchElementEventName, (typeof elementEvents)[LatchElementEventName]][]) {
        const subscription = latch.select(select, detailEqual).subscribe((detail) => this.dispatchEvent(new CustomEvent(name, { detail })))
        this.#stopEvents.push(() => subscription.unsubscribe())
      }
    }

    #leave(): void {
      for (const stop of this.#stopEvents.splice(0)) stop()
      this.#mount?.detach(this.#slot)
      this.#mount = undefined
    }
  }
}
