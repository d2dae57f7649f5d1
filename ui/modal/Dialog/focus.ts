const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** Every element Tab can reach inside `container`, in document order (inputs included). */
export function focusables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.closest('[inert],[hidden],[aria-hidden="true"]') && element.tabIndex >= 0,
  )
}

/** The element focused inside the shadow root (document.activeElement is only the host). */
export function activeElementIn(container: Element): Element | null {
  const root = container.getRootNode() as ShadowRoot | Document
  return root.activeElement
}

/** The next element for Tab (or Shift+Tab), wrapping around at both ends. */
export function nextFocusable(items: readonly HTMLElement[], current: Element | null, backwards: boolean): HTMLElement | undefined {
  if (items.length === 0) return undefined
  const index = current ? items.indexOf(current as HTMLElement) : -1
  if (backwards) return items[index <= 0 ? items.length - 1 : index - 1]
  return items[index === -1 || index === items.length - 1 ? 0 : index + 1]
}

/** Moves focus into a view: its `[data-autofocus]` element, else its first focusable, else `fallback`. */
export function focusInitial(container: Element | null, fallback: HTMLElement | null) {
  const target = container?.querySelector<HTMLElement>('[data-autofocus]') ?? (container ? focusables(container)[0] : undefined) ?? fallback
  target?.focus({ preventScroll: true })
}
