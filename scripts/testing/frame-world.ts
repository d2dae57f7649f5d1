/**
 * A page and its embedded wallet frame in memory, for the channel's tests (plugins/embedded/channel.ts, frame/channel.ts):
 * two windows with origins, postMessage with the browser's rules (a message posted to a target origin other than the
 * recipient's is dropped; the recipient sees the sender's origin and window; transferred ports arrive as `ports`), and
 * MessageChannels whose messages are structured-cloned. Everything is delivered on the microtask queue, so a test
 * drives it with `await world.flush()` and virtual time, never with real timers.
 */
import type { ChannelPort, FrameHost, WindowMessage } from '../../plugins/embedded/channel'
import type { EndpointMessage, EndpointWindow } from '../../frame/channel'

type Listener<E> = (event: E) => void

export class FakePort implements ChannelPort {
  other: FakePort | undefined
  closed = false
  private readonly listeners: Listener<{ data: unknown }>[] = []
  /** Every message posted on this port, as sent. */
  readonly posted: unknown[] = []

  postMessage(message: unknown): void {
    const copy = structuredClone(message)
    this.posted.push(copy)
    const other = this.other
    queueMicrotask(() => {
      if (this.closed || !other || other.closed) return
      for (const listener of [...other.listeners]) listener({ data: copy })
    })
  }
  addEventListener(_type: 'message', listener: Listener<{ data: unknown }>): void {
    this.listeners.push(listener)
  }
  start(): void {}
  close(): void {
    this.closed = true
  }
}

export function fakeChannel(): { port1: FakePort; port2: FakePort } {
  const port1 = new FakePort()
  const port2 = new FakePort()
  port1.other = port2
  port2.other = port1
  return { port1, port2 }
}

export type FrameWorld = ReturnType<typeof createFrameWorld>

export function createFrameWorld({ pageOrigin = 'http://127.0.0.1:3000', frameOrigin = 'http://127.0.0.1:4000' } = {}) {
  const pageListeners: Listener<WindowMessage>[] = []
  let frameListeners: Listener<EndpointMessage>[] = []
  /** The origin of the document now in the frame (another one simulates a foreign page loaded there). */
  let frameDocumentOrigin = frameOrigin
  /** Every targetOrigin the page used to post to the frame. */
  const targetOrigins: string[] = []
  let mounted: { url: string; onLoad: () => void; removed: boolean } | undefined
  let mounts = 0
  let reloads = 0

  // The page's window as the frame sees it (`window.parent`, and the source of what the page posts).
  const pageProxy = {
    postMessage(message: unknown, targetOrigin: string) {
      deliverToPage(message, { origin: frameDocumentOrigin, source: frameWindow }, targetOrigin)
    },
  }

  // The frame's window (the iframe's contentWindow): the same object across its documents, as a WindowProxy is.
  const frameWindow: EndpointWindow & { postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void } = {
    parent: pageProxy,
    addEventListener: (_type, listener) => void frameListeners.push(listener),
    removeEventListener: (_type, listener) => void (frameListeners = frameListeners.filter((l) => l !== listener)),
    location: { reload: () => void reloads++ },
    postMessage(message, targetOrigin, transfer = []) {
      targetOrigins.push(targetOrigin)
      deliverToFrame(message, { origin: pageOrigin, source: pageProxy, ports: transfer as unknown as FakePort[] }, targetOrigin)
    },
  }

  function deliverToPage(message: unknown, from: { origin: string; source: unknown }, targetOrigin = '*') {
    if (targetOrigin !== '*' && targetOrigin !== pageOrigin) return
    const copy = structuredClone(message)
    queueMicrotask(() => {
      for (const listener of [...pageListeners]) listener({ data: copy, ...from })
    })
  }

  function deliverToFrame(message: unknown, from: { origin: string; source: unknown; ports?: FakePort[] }, targetOrigin = '*') {
    if (targetOrigin !== '*' && targetOrigin !== frameDocumentOrigin) {
      // The browser drops it; transferred ports are lost with it.
      for (const port of from.ports ?? []) port.close()
      return
    }
    const copy = structuredClone(message)
    const listeners = [...frameListeners]
    queueMicrotask(() => {
      for (const listener of listeners) listener({ data: copy, origin: from.origin, source: from.source, ports: from.ports ?? [] })
    })
  }

  const host: FrameHost = {
    origin: pageOrigin,
    mount(url, onLoad) {
      mounts++
      mounted = { url, onLoad, removed: false }
      const current = mounted
      return { target: frameWindow, remove: () => void (current.removed = true) }
    },
    listen(listener) {
      pageListeners.push(listener)
      return () => void pageListeners.splice(pageListeners.indexOf(listener), 1)
    },
    createChannel() {
      const { port1, port2 } = fakeChannel()
      return { local: port1, remote: port2 as unknown as Transferable }
    },
  }

  return {
    host,
    frameWindow,
    pageProxy,
    targetOrigins,
    get mounted() {
      return mounted
    },
    get mounts() {
      return mounts
    },
    get reloads() {
      return reloads
    },
    /**
     * A new document loads in the frame: the old one's listeners go, `script` runs (the frame app starting, with the
     * frame's window), then the load event fires in the page. `origin` puts a document of another origin there.
     */
    loadDocument(script: (win: typeof frameWindow) => void = () => {}, origin = frameOrigin) {
      if (!mounted || mounted.removed) throw new Error('no frame mounted')
      frameListeners = []
      frameDocumentOrigin = origin
      script(frameWindow)
      mounted.onLoad()
    },
    /** Something posts to the page's window, as `origin` from `source`. */
    postToPage(message: unknown, origin: string, source: unknown) {
      deliverToPage(message, { origin, source })
    },
    /** Something posts to the frame's window, as `origin` from `source` (the page's own window by default). */
    postToFrame(message: unknown, origin = pageOrigin, source: unknown = pageProxy, ports: FakePort[] = []) {
      deliverToFrame(message, { origin, source, ports })
    },
    /** Runs every message queued, and what they queue in turn. */
    async flush(rounds = 20) {
      for (let i = 0; i < rounds; i++) await Promise.resolve()
    },
  }
}
