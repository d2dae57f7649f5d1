/**
 * How the visitor last used the page: a pointer (mouse, touch, pen) or the keyboard. The modal hides its focus ring after a
 * pointer and shows it again on the first key (docs/react.md, "Accessibility"): browsers differ on whether focus moved by
 * script after a click matches :focus-visible, and the modal moves focus by script whenever a view opens.
 */
export type InputModality = 'pointer' | 'keyboard'

let current: InputModality = 'keyboard'
let installed = false
const listeners = new Set<(modality: InputModality) => void>()

function set(modality: InputModality) {
  if (modality === current) return
  current = modality
  for (const listener of listeners) listener(modality)
}

/** Starts listening on the document (capture phase, once per page); called when the provider mounts. */
export function trackInputModality(): void {
  if (installed || typeof document === 'undefined') return
  installed = true
  document.addEventListener('pointerdown', () => set('pointer'), true)
  // A shortcut with a modifier is not keyboard navigation; Tab, arrows, Enter, Space and Esc are.
  document.addEventListener('keydown', (event) => !event.metaKey && !event.ctrlKey && !event.altKey && set('keyboard'), true)
}

/** The modality now, and every change until the returned function is called. */
export function watchInputModality(listener: (modality: InputModality) => void): () => void {
  listener(current)
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
