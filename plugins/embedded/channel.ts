import * as z from 'zod/mini'
import { describeIssues, LatchError, type CaipNetworkId } from '../../kernel/index'
import {
  appMessageSchemaOf,
  describeMessage,
  frameChainIdSchema,
  frameMessageSchema,
  frameRequests,
  frameTimeouts,
  handshakeAckSchema,
  handshakeType,
  parseMessage,
  protocolVersion,
  requestNameOf,
  type FrameParams,
  type FrameRequestName,
  type FrameResult,
  type Refusal,
} from './protocol'
import { frameKeyAttribute, hideFrame, keepInteractiveAttribute } from './frame-place'

/**
 * The page's end of the embedded wallet's channel (docs/embedded-wallet.md): loads the wallet's frame once, on its own
 * origin, shakes hands with it by posting one end of a MessageChannel to that exact origin, and from then on talks to it
 * only over the port. Requests wait until the frame is ready; each has a time limit; every answer is parsed with the
 * protocol's schemas and matched to its request by id. No React, no kernel state: the embedded plugin drives it.
 */

/** A frame not ready this long after it was added fails with FRAME_LOAD_FAILED (`iframe_load_failed`). */
export const frameLoadTimeout = 20_000
/** The frame counts as ready this long after its FRAME_READY. */
/**
 * The requests that wait on the visitor: a wallet request (its approval), a social login (the provider's pages) and a
 * Farcaster login (the visitor's app). Aborted or timed out once sent, each is withdrawn with RPC_ABORT.
 */
const withdrawable: ReadonlySet<FrameRequestName> = new Set(['RPC_REQUEST', 'CONNECT_SOCIAL', 'CONNECT_FARCASTER'])

export const frameReadyDelay = 500
/** The chain the frame starts on when none is given. */
export const defaultFrameChainId: CaipNetworkId = 'eip155:1'
/** How many answered request ids the channel remembers, to tell a duplicate answer from an unknown id. */
const settledMemory = 256
/** At most this many refusals are reported a minute (any window of the page can post to it); then one `too-many`. */
export const refusalReportLimit = 100

/** Timers: rxjs's schedulers fit (`ports.scheduler`, a VirtualTimeScheduler in tests). */
export type ChannelScheduler = { schedule(work: () => void, delay: number): { unsubscribe(): void } }

/** A MessagePort as the channel uses it. */
export type ChannelPort = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  start?(): void
  close(): void
}

/** A message the page's window received. */
export type WindowMessage = { data: unknown; origin: string; source: unknown }

/** The frame as added to the page: `target` is its window (where the handshake is posted). */
export type MountedFrame = {
  target: { postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void } | null
  element?: HTMLIFrameElement
  remove(): void
}

/** What the channel needs of the page; `domFrameHost(window)` in a browser, a fake in tests. */
export type FrameHost = {
  /** The page's own origin. */
  origin: string
  /** Adds the hidden frame at `url`; `onLoad` runs each time a document finishes loading in it. */
  /** Adds the frame; `key` marks its element (`data-latch-embedded-frame`) for the approval view (frame-place.ts). */
  mount(url: string, onLoad: () => void, key: string): MountedFrame
  /** Listens to the page window's messages; returns what stops it. */
  listen(listener: (event: WindowMessage) => void): () => void
  /** A new MessageChannel: `local` stays in the page, `remote` is handed to the frame. */
  createChannel(): { local: ChannelPort; remote: Transferable }
}

/** What the channel reports besides refusals; the embedded plugin logs these as events. */
export type ChannelReport =
  | { kind: 'iframe_load_failed'; timeoutMs: number }
  | { kind: 'iframe_request_timeout'; type: `APP_${FrameRequestName}`; id: string; timeoutMs: number }
  | { kind: 'frame_ready'; version: string }
  | { kind: 'frame_reloaded' }

export type FrameChannelOptions = {
  /** The frame app's URL; its origin is the only one the channel talks to. http(s), on another origin than the page. */
  frameUrl: string
  projectId: string
  /** The chain the frame starts on (default `eip155:1`). */
  chainId?: CaipNetworkId
  /** Latch's version, passed to the frame. */
  version: string
  enableLogger?: boolean
  /** Default: the page's DOM (`domFrameHost(window)`). */
  host?: FrameHost
  /** Default: `setTimeout`. */
  scheduler?: ChannelScheduler
  /** A message refused: from another origin or window, junk, an unknown or repeated id. */
  onRefused?: (refusal: Refusal) => void
  onReport?: (report: ChannelReport) => void
}

export type FrameRequestOptions = {
  signal?: AbortSignal
  /** Overrides the request's time limit (docs/embedded-wallet.md, "Time limits"). */
  timeoutMs?: number
}

export type FrameChannelStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'closed'

export type FrameChannel = {
  readonly status: FrameChannelStatus
  /** The frame's origin. */
  readonly origin: string
  /** The frame's URL with its query parameters. */
  readonly url: string
  /** The version the frame's FRAME_READY gave. */
  readonly frameVersion: string | undefined
  /** The iframe element once added (for showing the frame's own approval UI). */
  readonly element: HTMLIFrameElement | undefined
  /** The key the frame element carries in `data-latch-embedded-frame` (frame-place.ts). */
  readonly key: string
  /** Adds the frame, once; later calls do nothing. A request adds it too. */
  load(): void
  /** Sends `APP_<name>` once the frame is ready and resolves with its `FRAME_<name>_SUCCESS` payload. */
  request<N extends FrameRequestName>(name: N, ...args: FrameRequestArgs<N>): Promise<FrameResult<N>>
  /** Removes the frame and fails every request waiting (REQUEST_ABORTED). */
  destroy(): void
}

type FrameRequestArgs<N extends FrameRequestName> = undefined extends FrameParams<N>
  ? [params?: FrameParams<N>, options?: FrameRequestOptions]
  : [params: FrameParams<N>, options?: FrameRequestOptions]

const optionsSchema = z.object({
  frameUrl: z.string().check(z.regex(/^https?:\/\//), z.maxLength(2048)),
  projectId: z.string().check(z.regex(/^[\w-]{1,128}$/)),
  chainId: z.optional(frameChainIdSchema),
  version: z.string().check(z.regex(/^[\w.+-]{1,64}$/)),
  enableLogger: z.optional(z.boolean()),
})

type Entry = {
  id: string
  name: FrameRequestName
  message: unknown
  timeoutMs: number
  resolve(value: unknown): void
  reject(error: LatchError): void
  timer?: { unsubscribe(): void }
  signal?: AbortSignal
  onAbort?: () => void
}

/** The page's DOM as a FrameHost: a hidden iframe in `document.body`, the window's messages, a real MessageChannel. */
export function domFrameHost(win: Window): FrameHost {
  return {
    origin: win.location.origin,
    mount(url, onLoad, key) {
      const iframe = win.document.createElement('iframe')
      iframe.title = 'Latch embedded wallet'
      iframe.referrerPolicy = 'origin'
      iframe.setAttribute(frameKeyAttribute, key)
      // Usable while the modal makes the page inert: the approval view shows it above the modal.
      iframe.setAttribute(keepInteractiveAttribute, '')
      hideFrame(iframe)
      iframe.addEventListener('load', onLoad)
      iframe.src = url
      win.document.body.appendChild(iframe)
      return { target: iframe.contentWindow, element: iframe, remove: () => iframe.remove() }
    },
    listen(listener) {
      const handler = (event: MessageEvent) => listener({ data: event.data, origin: event.origin, source: event.source })
      win.addEventListener('message', handler)
      return () => win.removeEventListener('message', handler)
    },
    createChannel() {
      const channel = new (win as Window & { MessageChannel: typeof MessageChannel }).MessageChannel()
      return { local: channel.port1, remote: channel.port2 }
    },
  }
}

const timeoutScheduler: ChannelScheduler = {
  schedule(work, delay) {
    const handle = setTimeout(work, delay)
    return { unsubscribe: () => clearTimeout(handle) }
  },
}

/** A message whose type or origin says it is meant for this channel (the page's other messages are not ours to judge). */
function claimsProtocol(data: unknown): boolean {
  const type = describeMessage(data).type
  return type !== undefined && /^(LATCH_FRAME_|FRAME_|APP_)/.test(type)
}

function nonce(): string {
  const bytes = new Uint8Array(18)
  globalThis.crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_')
}

/** The frame's URL: `frameUrl` with projectId, chainId, version and enableLogger in its query. */
export function frameUrlOf(options: Pick<FrameChannelOptions, 'frameUrl' | 'projectId' | 'chainId' | 'version' | 'enableLogger'>): URL {
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', options.chainId ?? defaultFrameChainId)
  url.searchParams.set('version', options.version)
  url.searchParams.set('enableLogger', String(options.enableLogger ?? false))
  return url
}

/**
 * Creates the channel; nothing loads until `load()` or the first request (docs/embedded-wallet.md, "When the frame
 * loads"). Throws INVALID_OPTIONS for options that do not validate or a frame on the page's own origin.
 */
export function createFrameChannel(options: FrameChannelOptions): FrameChannel {
  const checked = z.safeParse(optionsSchema, options)
  if (!checked.success) throw new LatchError('INVALID_OPTIONS', { details: `embedded frame: ${describeIssues(checked.error.issues)}` })
  if (!options.host && typeof window === 'undefined') throw new LatchError('INVALID_OPTIONS', { details: 'embedded frame: no window here (server-side rendering?): create the channel in the browser, or pass a host' })
  const host = options.host ?? domFrameHost(window)
  const scheduler = options.scheduler ?? timeoutScheduler
  const url = frameUrlOf(options)
  const origin = url.origin
  if (origin === host.origin) {
    throw new LatchError('INVALID_OPTIONS', { details: `embedded frame: frameUrl must be on another origin than the page (${origin})` })
  }

  let status: FrameChannelStatus = 'idle'
  let frame: MountedFrame | undefined
  let stopListening: (() => void) | undefined
  let port: ChannelPort | undefined
  let currentNonce: string | undefined
  let acknowledged = false
  let readySeen = false
  let frameVersion: string | undefined
  let loadTimer: { unsubscribe(): void } | undefined
  let readyTimer: { unsubscribe(): void } | undefined
  let nextId = 0
  const key = nonce().slice(0, 16)
  const waiting: Entry[] = []
  const pending = new Map<string, Entry>()
  const settled: string[] = []
  /** Requests withdrawn after they were sent: their late answer is expected, not refused. */
  const withdrawn: string[] = []

  const call = <A>(callback: ((argument: A) => void) | undefined, argument: A) => {
    try {
      callback?.(argument)
    } catch {
      // A throwing callback must not break the channel.
    }
  }
  let refusalsThisMinute = 0
  let refusalMinute: { unsubscribe(): void } | undefined
  const refuse = (refusal: Refusal) => {
    refusalMinute ??= scheduler.schedule(() => {
      refusalMinute = undefined
      refusalsThisMinute = 0
    }, 60_000)
    refusalsThisMinute++
    if (refusalsThisMinute <= refusalReportLimit) call(options.onRefused, refusal)
    else if (refusalsThisMinute === refusalReportLimit + 1) {
      call(options.onRefused, { reason: 'too-many', details: `over ${refusalReportLimit} refusals this minute: the rest of the minute's are not reported` })
    }
  }
  const report = (entry: ChannelReport) => call(options.onReport, entry)

  function settle(entry: Entry, outcome: { value: unknown } | { error: LatchError }) {
    const index = waiting.indexOf(entry)
    if (index >= 0) waiting.splice(index, 1)
    if (pending.delete(entry.id)) {
      settled.push(entry.id)
      if (settled.length > settledMemory) settled.shift()
    }
    entry.timer?.unsubscribe()
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort)
    if ('error' in outcome) entry.reject(outcome.error)
    else entry.resolve(outcome.value)
  }

  function failAll(error: (entry: Entry) => LatchError) {
    for (const entry of [...waiting, ...pending.values()]) settle(entry, { error: error(entry) })
  }

  function aborted(entry: Entry, details: string): LatchError {
    // docs/errors.md: 'Request was aborted' for a wallet request, the generic text for any other.
    return new LatchError('REQUEST_ABORTED', { ...(entry.name === 'RPC_REQUEST' ? {} : { message: 'GENERIC' }), details: `APP_${entry.name}: ${details}` })
  }

  function loadFailed(details: string): LatchError {
    return new LatchError('FRAME_LOAD_FAILED', { details: `iframe_load_failed: ${details}` })
  }

  function teardown() {
    loadTimer?.unsubscribe()
    readyTimer?.unsubscribe()
    refusalMinute?.unsubscribe()
    loadTimer = readyTimer = refusalMinute = undefined
    stopListening?.()
    stopListening = undefined
    closePort()
    frame?.remove()
  }

  function closePort() {
    try {
      port?.close()
    } catch {
      // Already closed.
    }
    port = undefined
  }

  function startLoadTimer() {
    loadTimer?.unsubscribe()
    loadTimer = scheduler.schedule(() => {
      loadTimer = undefined
      if (status !== 'loading') return
      status = 'failed'
      teardown()
      report({ kind: 'iframe_load_failed', timeoutMs: frameLoadTimeout })
      failAll(() => loadFailed(`the frame at ${origin} was not ready within ${frameLoadTimeout / 1000} s`))
    }, frameLoadTimeout)
  }

  function load() {
    if (status !== 'idle') return
    status = 'loading'
    stopListening = host.listen(onWindowMessage)
    startLoadTimer()
    frame = host.mount(url.href, onFrameLoad, key)
  }

  /** A document finished loading in the frame: the first one, or the frame reloaded (APP_RELOAD, a crash). */
  function onFrameLoad() {
    if (status === 'failed' || status === 'closed' || !frame?.target) return
    // A reload when the document before had shaken hands (a load of the frame's first blank document is not one).
    if (acknowledged || readySeen) {
      // The old document's port is gone: what it was asked gets no answer.
      for (const entry of [...pending.values()]) settle(entry, { error: aborted(entry, 'the frame reloaded before answering') })
      report({ kind: 'frame_reloaded' })
      readyTimer?.unsubscribe()
      readyTimer = undefined
      if (status === 'ready') {
        status = 'loading'
        startLoadTimer()
      }
    }
    closePort()
    acknowledged = false
    readySeen = false
    const { local, remote } = host.createChannel()
    const current = local
    port = local
    local.addEventListener('message', (event) => {
      if (port === current) onPortMessage(event.data)
    })
    local.start?.()
    currentNonce = nonce()
    try {
      // Only a document of the frame's exact origin receives it; the browser drops it for any other.
      frame.target.postMessage({ type: handshakeType, protocol: protocolVersion, nonce: currentNonce }, origin, [remote])
    } catch {
      // The frame's window is gone: the load timer reports it.
    }
  }

  function onWindowMessage(event: WindowMessage) {
    const fromFrame = frame?.target != null && event.source === frame.target
    if (!fromFrame && !claimsProtocol(event.data)) return
    const about = { ...describeMessage(event.data), origin: String(event.origin).slice(0, 200) }
    if (event.origin !== origin) return refuse({ reason: 'foreign-origin', ...about })
    if (!fromFrame) return refuse({ reason: 'foreign-source', ...about })
    const parsed = parseMessage(handshakeAckSchema, event.data)
    if (!parsed.ok) return refuse({ reason: 'invalid', ...about, details: describeIssues(parsed.issues) })
    if (acknowledged || parsed.value.nonce !== currentNonce) return refuse({ reason: acknowledged ? 'duplicate' : 'unexpected', ...about })
    acknowledged = true
    becomeReady()
  }

  function onPortMessage(data: unknown) {
    const parsed = parseMessage(frameMessageSchema, data)
    if (!parsed.ok) {
      const about = describeMessage(data)
      refuse({ reason: 'invalid', ...about, details: describeIssues(parsed.issues) })
      const entry = about.id === undefined ? undefined : pending.get(about.id)
      if (entry && requestNameOf(about.type) === entry.name) {
        settle(entry, { error: new LatchError('INVALID_RESPONSE', { details: `the frame answered APP_${entry.name} with junk: ${describeIssues(parsed.issues)}` }) })
      }
      return
    }
    const message = parsed.value
    if (message.type === 'FRAME_READY') {
      if (readySeen) return refuse({ reason: 'duplicate', type: message.type })
      readySeen = true
      frameVersion = message.payload.version
      return becomeReady()
    }
    const entry = pending.get(message.id)
    if (!entry && withdrawn.includes(message.id)) return
    if (!entry) return refuse({ reason: settled.includes(message.id) ? 'duplicate' : 'unknown-id', type: message.type, id: message.id })
    if (requestNameOf(message.type) !== entry.name) {
      refuse({ reason: 'mismatched', type: message.type, id: message.id })
      return settle(entry, { error: new LatchError('INVALID_RESPONSE', { details: `the frame answered APP_${entry.name} with ${message.type}` }) })
    }
    if (message.type.endsWith('_SUCCESS')) return settle(entry, { value: message.payload })
    const text = (message.payload as { message?: string } | undefined)?.message
    // docs/errors.md: the frame's own words when it gives some, else 'An error occurred'.
    settle(entry, {
      error: new LatchError('FRAME_ERROR', text ? { shortMessage: text, details: `${message.type}: ${text}` } : { details: `${message.type} without a message` }),
    })
  }

  /** Ready 500 ms after the frame both acknowledged the handshake and posted FRAME_READY. */
  function becomeReady() {
    if (!acknowledged || !readySeen || readyTimer || status !== 'loading') return
    loadTimer?.unsubscribe()
    loadTimer = undefined
    readyTimer = scheduler.schedule(() => {
      readyTimer = undefined
      status = 'ready'
      report({ kind: 'frame_ready', version: frameVersion ?? '' })
      for (const entry of [...waiting]) send(entry)
    }, frameReadyDelay)
  }

  function send(entry: Entry) {
    const index = waiting.indexOf(entry)
    if (index >= 0) waiting.splice(index, 1)
    if (!port) return settle(entry, { error: aborted(entry, 'the channel is closed') })
    pending.set(entry.id, entry)
    entry.timer = scheduler.schedule(() => {
      report({ kind: 'iframe_request_timeout', type: `APP_${entry.name}`, id: entry.id, timeoutMs: entry.timeoutMs })
      settle(entry, {
        error: new LatchError('REQUEST_TIMEOUT', {
          message: entry.name === 'RPC_REQUEST' ? 'REQUEST_ABORTED' : 'GENERIC',
          details: `iframe_request_timeout: APP_${entry.name} got no answer within ${entry.timeoutMs / 1000} s`,
        }),
      })
      if (withdrawable.has(entry.name)) withdraw(entry.id)
    }, entry.timeoutMs)
    try {
      port.postMessage(entry.message)
    } catch (cause) {
      settle(entry, { error: new LatchError('INVALID_PARAMS', { details: `APP_${entry.name} could not be posted`, cause }) })
    }
  }

  /**
   * A request that waits on the visitor, sent and then aborted or timed out (the visitor left its approval or its
   * login): the frame is told to drop it (RPC_ABORT: the approval, or the login's polling), and the rejection it then
   * answers is dropped unreported (docs/embedded-wallet.md, "Messages").
   */
  function withdraw(id: string) {
    withdrawn.push(id)
    if (withdrawn.length > settledMemory) withdrawn.shift()
    request('RPC_ABORT', { id }).catch(() => undefined)
  }

  function request(name: FrameRequestName, params?: unknown, requestOptions: FrameRequestOptions = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (!Object.hasOwn(frameRequests, name)) return reject(new LatchError('INVALID_PARAMS', { details: `no frame request ${String(name).slice(0, 80)}` }))
      const id = `r${++nextId}`
      const entry: Entry = { id, name, message: undefined, timeoutMs: 0, resolve, reject, signal: requestOptions.signal }
      if (status === 'closed') return reject(aborted(entry, 'the channel is closed'))
      if (status === 'failed') return reject(loadFailed(`the frame at ${origin} did not load`))
      if (requestOptions.signal?.aborted) return reject(aborted(entry, 'aborted before it was sent'))
      const parsed = parseMessage(appMessageSchemaOf(name), { id, type: `APP_${name}`, payload: params })
      // The issues name fields, never values: a code that fails its pattern is not echoed.
      if (!parsed.ok) return reject(new LatchError('INVALID_PARAMS', { details: `APP_${name}: ${describeIssues(parsed.issues)}` }))
      const timeoutMs = requestOptions.timeoutMs ?? frameTimeouts[frameRequests[name].timeout]
      if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) return reject(new LatchError('INVALID_PARAMS', { details: `APP_${name}: timeoutMs must be a positive number` }))
      entry.message = parsed.value
      entry.timeoutMs = timeoutMs
      if (entry.signal) {
        entry.onAbort = () => {
          const sent = pending.has(entry.id)
          settle(entry, { error: aborted(entry, 'aborted') })
          if (sent && withdrawable.has(entry.name)) withdraw(entry.id)
        }
        entry.signal.addEventListener('abort', entry.onAbort, { once: true })
      }
      waiting.push(entry)
      if (status === 'idle') load()
      if (status === 'ready') send(entry)
    })
  }

  return {
    get status() {
      return status
    },
    origin,
    url: url.href,
    get frameVersion() {
      return frameVersion
    },
    get element() {
      return frame?.element
    },
    key,
    load,
    request: request as FrameChannel['request'],
    destroy() {
      if (status === 'closed') return
      status = 'closed'
      teardown()
      failAll((entry) => aborted(entry, 'the channel was closed'))
    },
  }
}
