import * as z from 'zod/mini'
import {
  appMessageSchema,
  describeMessage,
  frameErrorPayloadSchema,
  frameRequests,
  frameSuccessSchemaOf,
  handshakeAckType,
  handshakeSchema,
  parseMessage,
  protocolVersion,
  requestNameOf,
  type FrameRequestName,
  type FrameRequests,
  type FrameResult,
  type Refusal,
} from '../plugins/embedded/protocol'

/**
 * The frame's end of the embedded wallet's channel (docs/embedded-wallet.md): the library the frame app runs in its own
 * origin. It takes one handshake, from its parent window and an allowed origin, keeps the MessagePort it carries, and
 * from then on answers only what comes on that port: each request parsed with the protocol's schemas, handed to the
 * app's handler, its result parsed again before it is posted. Nothing posted to the frame's window is ever answered.
 * No framework: the frame app builds its UI on top.
 */

/** A MessagePort as the frame uses it. */
export type EndpointPort = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  start?(): void
  close(): void
}

/** A message the frame's window received. */
export type EndpointMessage = { data: unknown; origin: string; source: unknown; ports: readonly EndpointPort[] }

/** What the endpoint needs of the frame's window; the window itself in a browser. */
export type EndpointWindow = {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  addEventListener(type: 'message', listener: (event: EndpointMessage) => void): void
  removeEventListener(type: 'message', listener: (event: EndpointMessage) => void): void
  location?: { reload(): void }
}

/** What a handler is told besides its parameters. */
export type RequestContext = { id: string; parentOrigin: string }

/** The app's answer to each request it serves; a request without a handler is answered FRAME_<NAME>_ERROR. */
export type FrameHandlers = {
  [N in FrameRequestName]?: (params: z.output<FrameRequests[N]['params']>, context: RequestContext) => FrameResult<N> | Promise<FrameResult<N>>
}

/**
 * Thrown by a handler, its message is posted to the page and shown to the visitor as it is ('Invalid code'). Anything
 * else a handler throws is posted without a message (the page shows 'An error occurred'): an exception's text may
 * hold what no page should see.
 */
export class FrameRequestError extends Error {
  override readonly name = 'FrameRequestError'
}

export type FrameEndpointOptions = {
  /** The exact origins (`https://dapp.example`) whose pages may use this frame; anything else is refused. */
  allowedParentOrigins: readonly string[]
  /** The frame app's version, sent in FRAME_READY. */
  version: string
  handlers: FrameHandlers
  /** FRAME_READY is posted once the handshake is done and this has settled (the app restored its session, say). */
  ready?: Promise<unknown>
  /** Default: the global window. */
  window?: EndpointWindow
  onRefused?: (refusal: Refusal) => void
  /** The handshake was accepted from `parentOrigin`. */
  onConnected?: (parentOrigin: string) => void
}

export type FrameEndpoint = {
  /** The parent's origin once the handshake was accepted. */
  readonly parentOrigin: string | undefined
  /** Stops listening and closes the port. */
  close(): void
}

/** `https://a.example/` → `https://a.example`; undefined for what is not an http(s) origin. */
function canonicalOrigin(value: string): string | undefined {
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && url.origin !== 'null' ? url.origin : undefined
  } catch {
    return undefined
  }
}

function claimsProtocol(data: unknown): boolean {
  const type = describeMessage(data).type
  return type !== undefined && /^(LATCH_FRAME_|FRAME_|APP_)/.test(type)
}

/** Starts serving the channel in the frame: listens for the one handshake this document accepts. */
export function serveFrameChannel(options: FrameEndpointOptions): FrameEndpoint {
  const win = options.window ?? (window as unknown as EndpointWindow)
  const allowed = new Set(options.allowedParentOrigins.map((origin) => canonicalOrigin(origin)).filter((origin) => origin !== undefined))
  if (allowed.size === 0) throw new Error('serveFrameChannel: allowedParentOrigins holds no http(s) origin')
  let parentOrigin: string | undefined
  let port: EndpointPort | undefined
  let closed = false
  const inFlight = new Set<string>()

  const refuse = (refusal: Refusal) => {
    try {
      options.onRefused?.(refusal)
    } catch {
      // A throwing callback must not stop the endpoint.
    }
  }

  function onWindowMessage(event: EndpointMessage) {
    const fromParent = win.parent !== null && win.parent !== (win as unknown) && event.source === win.parent
    if (closed || (!fromParent && !claimsProtocol(event.data))) return
    const about = { ...describeMessage(event.data), origin: String(event.origin).slice(0, 200) }
    if (!fromParent) return refuse({ reason: 'foreign-source', ...about })
    if (!allowed.has(event.origin)) return refuse({ reason: 'foreign-origin', ...about })
    const parsed = parseMessage(handshakeSchema, event.data)
    // Requests posted to the window (not on the port) are never answered: they did not come through the channel.
    if (!parsed.ok) return refuse({ reason: 'invalid', ...about })
    if (port !== undefined) return refuse({ reason: 'duplicate', ...about })
    const ports = event.ports
    if (ports?.length !== 1) return refuse({ reason: 'invalid', ...about, details: 'the handshake carries one MessagePort' })
    port = ports[0] as EndpointPort
    parentOrigin = event.origin
    const accepted = port
    accepted.addEventListener('message', (message) => {
      if (!closed) onPortMessage(accepted, message.data)
    })
    accepted.start?.()
    // The answer goes to the parent's exact origin only.
    win.parent?.postMessage({ type: handshakeAckType, protocol: protocolVersion, nonce: parsed.value.nonce }, event.origin)
    try {
      options.onConnected?.(event.origin)
    } catch {
      // Ignored, as refusals are.
    }
    void Promise.resolve(options.ready)
      .catch(() => undefined)
      .then(() => {
        if (!closed) accepted.postMessage({ type: 'FRAME_READY', payload: { version: options.version } })
      })
  }

  function onPortMessage(target: EndpointPort, data: unknown) {
    const parsed = parseMessage(appMessageSchema, data)
    if (!parsed.ok) {
      const about = describeMessage(data)
      refuse({ reason: 'invalid', ...about })
      const name = requestNameOf(about.type)
      // A readable request that fails its schema is answered, so the page does not wait for its time limit.
      if (name && about.id && about.type === `APP_${name}` && !inFlight.has(about.id)) target.postMessage({ id: about.id, type: `FRAME_${name}_ERROR`, payload: {} })
      return
    }
    const message = parsed.value
    const name = requestNameOf(message.type) as FrameRequestName
    if (inFlight.has(message.id)) return refuse({ reason: 'duplicate', type: message.type, id: message.id })
    inFlight.add(message.id)
    void answer(name, message.id, message.payload).then((reply) => {
      inFlight.delete(message.id)
      if (closed) return
      target.postMessage(reply)
      if (name === 'RELOAD' && reply.type === 'FRAME_RELOAD_SUCCESS') win.location?.reload()
    })
  }

  async function answer(name: FrameRequestName, id: string, params: unknown): Promise<{ id: string; type: string; payload?: unknown }> {
    const failure = (message?: string) => ({
      id,
      type: `FRAME_${name}_ERROR`,
      payload: message !== undefined && parseMessage(frameErrorPayloadSchema, { message }).ok ? { message } : {},
    })
    const handler = options.handlers[name] as ((params: unknown, context: RequestContext) => unknown) | undefined
    if (!handler && name !== 'RELOAD') return failure('This request is not supported')
    try {
      const result = handler ? await handler(params, { id, parentOrigin: parentOrigin as string }) : undefined
      const reply = { id, type: `FRAME_${name}_SUCCESS`, payload: result }
      // The frame never posts what the page would refuse.
      return parseMessage(frameSuccessSchemaOf(name), reply).ok ? reply : failure()
    } catch (error) {
      if (error instanceof FrameRequestError) {
        const text = error.message.replace(/\s+/g, ' ').trim().slice(0, 300)
        return failure(text || undefined)
      }
      return failure()
    }
  }

  win.addEventListener('message', onWindowMessage)
  return {
    get parentOrigin() {
      return parentOrigin
    },
    close() {
      closed = true
      win.removeEventListener('message', onWindowMessage)
      try {
        port?.close()
      } catch {
        // Already closed.
      }
    },
  }
}

/** The requests the protocol has, for a frame app listing what it serves. */
export const servableRequests = Object.keys(frameRequests) as FrameRequestName[]
