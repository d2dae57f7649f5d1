/**
 * A development WalletConnect relay on 127.0.0.1: just enough of the relay protocol the 2.x clients speak
 * (@walletconnect/core's relayer, subscriber and publisher; the sign-client's wc_proposeSession and
 * wc_approveSession) for a dapp and a wallet in tests and `npm start`. Not a production relay: one process, no
 * auth (the JWT in the URL is read only to recognise a client across reconnections), messages in memory.
 * docs/walletconnect.md ("Local relay and dev wallet") lists what it answers, the mailbox, the pings and the
 * test hooks. `npx tsx scripts/devnet/wc-relay.ts` starts one and prints its URL.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as z from 'zod'
import { isMain } from '../cli'
import { createMailbox, type Mail } from './wc-mailbox'
import { errorFrame, readFrame, readParams, requestText, resultFrame, rpcErrors, type RequestFrame } from './wc-relay-frames'
import { acceptWebSocket, type Socket } from './websocket'

/**
 * What a test hook makes the relay do with one request instead of handling it: 'drop' closes the client's socket,
 * 'silence' never answers (nor handles) it, `{ junk }` sends that text as the answer.
 */
export type RelayFault = 'drop' | 'silence' | { junk: string }

/** A test hook: sees each valid request (method and params) before it is handled; undefined handles it as usual. */
export type RelayFaultHook = (request: { method: string; params: unknown }) => RelayFault | undefined

export type RelayOptions = {
  /** Default: a free port chosen by the OS. */
  port?: number
  /** How often each socket is pinged (the Node clients drop a socket after 35 s without one). Default 10 s. */
  pingIntervalMs?: number
  /** See RelayFaultHook; also settable later with `relay.setFault`. */
  fault?: RelayFaultHook
}

/** One entry of the relay's log: a request it got, a message it delivered, a connection. */
export type RelayLogEntry =
  | { kind: 'connect'; client: string }
  | { kind: 'request'; client: string; method: string; params: unknown }
  | { kind: 'deliver'; client: string; topic: string }

export type Relay = {
  /** ws://127.0.0.1:<port>, the clients' `relayUrl`. */
  url: string
  port: number
  /** Everything that happened, in order (requests, deliveries, connections). */
  log: RelayLogEntry[]
  /** Open sockets. */
  connections(): number
  /** Unexpired messages held in the mailbox. */
  mailboxSize(): number
  /** Replaces (or with undefined removes) the fault hook. */
  setFault(hook: RelayFaultHook | undefined): void
  /** Closes every open socket (the clients reconnect on their own). */
  dropSockets(): void
  stop(): Promise<void>
}

type Client = { key: string; socket: Socket; subscriptions: Map<string, string>; inFlight: Map<number, Mail> }

const topic = z.string().min(1)
const publishParams = z.looseObject({ topic, message: z.string().min(1), ttl: z.number().positive().default(300), tag: z.number().optional(), attestation: z.string().optional() })
const schemas = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic) }),
  irn_unsubscribe: z.object({ topic, id: z.string() }),
  irn_batchUnsubscribe: z.object({ subscriptions: z.array(z.object({ topic, id: z.string() })) }),
  irn_publish: publishParams,
  irn_batchPublish: z.object({ messages: z.array(publishParams) }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic) }),
  // @walletconnect/sign-client's sendProposeSession and sendApproveSession (publishCustom with a publishMethod).
  wc_proposeSession: z.looseObject({ pairingTopic: topic, sessionProposal: z.string().min(1), ttl: z.number().positive().default(300), tag: z.number().optional(), attestation: z.string().optional() }),
  wc_approveSession: z.looseObject({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: z.string().min(1),
    sessionSettlementRequest: z.string().min(1),
    ttl: z.number().positive().default(300),
    tag: z.number().optional(),
  }),
}
type Method = keyof typeof schemas
type Params<M extends Method> = z.infer<(typeof schemas)[M]>

/** Starts the relay on 127.0.0.1. */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const clients = new Set<Client>()
  const mailbox = createMailbox()
  const log: RelayLogEntry[] = []
  let fault = options.fault
  let nextId = 1

  const subscribersOf = (t: string) => [...clients].filter((c) => c.subscriptions.has(t))
  const deliver = (client: Client, mail: Mail) => {
    if ([...client.inFlight.values()].includes(mail) || !client.socket.open) return
    const id = nextId++
    client.inFlight.set(id, mail)
    log.push({ kind: 'deliver', client: client.key, topic: mail.topic })
    // attestation '' (not absent) when the publisher attached none: the wallet's Verify then skips its lookup (docs/walletconnect.md).
    const data = { topic: mail.topic, message: mail.message, publishedAt: mail.publishedAt, attestation: mail.attestation ?? '', ...(mail.tag === undefined ? {} : { tag: mail.tag }) }
    client.socket.send(requestText(id, 'irn_subscription', { id: client.subscriptions.get(mail.topic), data }))
  }
  const subscribe = (client: Client, t: string) => {
    const id = client.subscriptions.get(t) ?? createHash('sha256').update(t + client.key).digest('hex')
    client.subscriptions.set(t, id)
    for (const mail of mailbox.pendingFor(t, client.key)) deliver(client, mail)
    return id
  }
  const publish = (client: Client, p: { topic: string; message: string; ttl: number; tag?: number; attestation?: string }) => {
    const mail = mailbox.put({ topic: p.topic, message: p.message, ttl: p.ttl, tag: p.tag, attestation: p.attestation, from: client.key })
    for (const subscriber of subscribersOf(p.topic)) if (subscriber.key !== client.key) deliver(subscriber, mail)
  }

  const handlers: { [M in Method]: (client: Client, params: Params<M>) => unknown } = {
    irn_subscribe: (client, p) => subscribe(client, p.topic),
    irn_batchSubscribe: (client, p) => p.topics.map((t) => subscribe(client, t)),
    irn_unsubscribe: (client, p) => client.subscriptions.delete(p.topic) || true,
    irn_batchUnsubscribe: (client, p) => p.subscriptions.every((s) => client.subscriptions.delete(s.topic) || true),
    irn_publish: (client, p) => (publish(client, p), true),
    irn_batchPublish: (client, p) => (p.messages.forEach((m) => publish(client, m)), true),
    irn_batchFetchMessages: (client, p) => {
      const messages = p.topics.flatMap((t) => mailbox.pendingFor(t, client.key))
      messages.forEach((mail) => mailbox.ack(mail, client.key))
      return { messages: messages.map(({ topic, message, publishedAt, attestation, tag }) => ({ topic, message, publishedAt, attestation: attestation ?? '', tag })), hasMore: false }
    },
    wc_proposeSession: (client, p) => {
      subscribe(client, p.pairingTopic)
      publish(client, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: p.tag, attestation: p.attestation })
      return true
    },
    wc_approveSession: (client, p) => {
      subscribe(client, p.sessionTopic)
      publish(client, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl: p.ttl, tag: p.tag })
      publish(client, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl: p.ttl, tag: p.tag })
      return true
    },
  }

  const answer = (client: Client, request: RequestFrame) => {
    log.push({ kind: 'request', client: client.key, method: request.method, params: request.params })
    const socket = client.socket
    const chosen = fault?.({ method: request.method, params: request.params })
    if (chosen === 'silence') return
    if (chosen === 'drop') return socket.close()
    if (chosen) return socket.send(chosen.junk)
    if (!(request.method in schemas)) return socket.send(errorFrame(request.id, rpcErrors.methodNotFound, `Method not found: ${request.method}`))
    const method = request.method as Method
    const read = readParams(schemas[method] as z.ZodType<Params<Method>>, request.params)
    if (!read.ok) return socket.send(errorFrame(request.id, rpcErrors.invalidParams, read.message))
    socket.send(resultFrame(request.id, (handlers[method] as (c: Client, p: Params<Method>) => unknown)(client, read.params)))
  }

  const onText = (client: Client, text: string) => {
    const frame = readFrame(text)
    if (frame.kind === 'junk') return client.socket.send(errorFrame(frame.id, frame.code, frame.message))
    if (frame.kind === 'request') return answer(client, frame.request)
    // An acknowledgement of an irn_subscription: the client has the message.
    const mail = typeof frame.id === 'number' ? client.inFlight.get(frame.id) : undefined
    if (mail && typeof frame.id === 'number') {
      client.inFlight.delete(frame.id)
      mailbox.ack(mail, client.key)
    }
  }

  const server = createServer((_request, response) => response.writeHead(426, { 'content-type': 'text/plain' }).end('WalletConnect development relay: connect with a WebSocket.\n'))
  server.on('upgrade', (request: IncomingMessage, stream) => {
    let client: Client | undefined
    const socket = acceptWebSocket(
      request,
      stream,
      (text) => client && onText(client, text),
      () => client && clients.delete(client),
    )
    if (!socket) return
    client = { key: clientKey(request.url), socket, subscriptions: new Map(), inFlight: new Map() }
    clients.add(client)
    log.push({ kind: 'connect', client: client.key })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const pings = setInterval(() => clients.forEach((c) => c.socket.ping()), options.pingIntervalMs ?? 10_000)
  pings.unref()

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    log,
    connections: () => clients.size,
    mailboxSize: () => mailbox.size(),
    setFault: (hook) => void (fault = hook),
    dropSockets: () => [...clients].forEach((c) => c.socket.close()),
    async stop() {
      clearInterval(pings)
      ;[...clients].forEach((c) => c.socket.close())
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const jwtPayload = z.object({ iss: z.string().min(1) })

/**
 * Who a connection is: the `iss` (the client's did:key) of the JWT in `?auth=`, stable across reconnections, so a
 * message acknowledged once is not delivered again. The JWT's signature is not checked. Without one, a fresh id.
 */
function clientKey(url: string | undefined): string {
  try {
    const auth = new URL(url ?? '/', 'http://relay').searchParams.get('auth') ?? ''
    const payload = jwtPayload.safeParse(JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8')))
    if (payload.success) return payload.data.iss
  } catch {
    // not a JWT
  }
  return `anonymous:${randomUUID()}`
}

if (isMain(import.meta.url)) {
  const relay = await startRelay({ port: Number(process.env.PORT) || undefined })
  console.log(`WalletConnect development relay: ${relay.url} (Ctrl-C stops it)`)
}
