import type {
  connect,
  ConnectParameters,
  DisconnectParameters,
  Latch,
  sendTransaction,
  SendTransactionParameters,
  signMessage,
  SignMessageParameters,
  State,
  switchNetwork,
  SwitchNetworkParameters,
  View,
  ViewName,
} from '../../kernel/index'

/** What a Latch element draws. */
export type LatchElementKind = 'connect' | 'account' | 'network'

/** A mounted Latch: the modal and the elements of one instance, and what a page with no framework calls (docs/elements.md). */
export type MountedLatch = {
  readonly latch: Latch
  /** Settles once React DOM has loaded and the first render is under way (rejects if its chunk failed to load). */
  readonly ready: Promise<void>
  /** Opens the modal on a view (default: Account when connected, else Connect). */
  open(view?: ViewName | View): void
  close(): void
  /** The current state (frozen). */
  getState(): State
  /**
   * Calls `listener(value, previous)` each time `selector(state)` changes by `equality` (`Object.is` by default); with
   * `fireImmediately`, once at once with the current value. Returns the function that stops it.
   */
  subscribe<T>(selector: (state: State) => T, listener: (value: T, previous: T | undefined) => void, options?: SubscribeOptions<T>): () => void
  connect(parameters: ConnectParameters): ReturnType<typeof connect>
  disconnect(parameters?: DisconnectParameters): Promise<void>
  signMessage(parameters: SignMessageParameters): ReturnType<typeof signMessage>
  sendTransaction(parameters: SendTransactionParameters): ReturnType<typeof sendTransaction>
  switchNetwork(parameters: SwitchNetworkParameters): ReturnType<typeof switchNetwork>
  /** Unmounts the modal and empties this instance's elements (the instance itself goes on: `latch.destroy()` ends it). */
  unmount(): void
}

/** Options of `subscribe`. */
export type SubscribeOptions<T> = { equality?: (a: T, b: T) => boolean; fireImmediately?: boolean }

/** One element the mount of its instance draws a button into. */
export type Slot = { element: HTMLElement; kind: LatchElementKind; key: string; label(): string | undefined }

/** What an element needs of a mount. */
export type Mount = { handle: MountedLatch; attach(slot: Slot): void; detach(slot: Slot): void; update(): void }
