/** The lazily imported modal chunk: loaded in the background after mount, or on the first open. */
export type ModalModule = typeof import('./modal/index')

let loading: Promise<ModalModule> | undefined
let loaded: ModalModule | undefined

/** Starts (once) loading the modal chunk; resolves with it. */
export function loadModal(): Promise<ModalModule> {
  loading ??= import('./modal/index').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined // a failed chunk load may be retried on the next open
      throw error
    },
  )
  return loading
}

/** The modal chunk if it has already loaded. */
export function loadedModal(): ModalModule | undefined {
  return loaded
}

/** Loads the modal chunk now (LatchProvider already does it when the browser is idle). */
export function preloadModal(): Promise<void> {
  return loadModal().then(() => undefined)
}

/** Pointer-enter / focus handler of the buttons: the visitor is about to click, make sure the chunk is coming. */
export function preloadOnIntent(): void {
  void loadModal().catch(() => undefined)
}
