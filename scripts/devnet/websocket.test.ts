import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { acceptWebSocket, type Socket } from './websocket'

// scripts/devnet/websocket.ts: the close handshake of RFC 6455 (5.5.1), with a real websocket client (ws).

describe('the dev websocket server: closing', () => {
  let server: Server
  let url = ''
  const closed: Socket[] = []
  const opened: Socket[] = []
  beforeAll(async () => {
    server = createServer()
    server.on('upgrade', (request, stream) => {
      const socket = acceptWebSocket(
        request,
        stream,
        (text, socket) => (text === 'close me' ? socket.close() : socket.send(text)),
        (socket) => closed.push(socket),
      )
      if (socket) opened.push(socket)
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  const connect = () =>
    new Promise<WebSocket>((done, fail) => {
      const client = new WebSocket(url)
      client.once('open', () => done(client))
      client.once('error', fail)
    })
  const closeOf = (client: WebSocket) => new Promise<{ code: number; reason: string }>((done) => client.once('close', (code, reason) => done({ code, reason: reason.toString() })))

  it("answers a client's close with the client's status code: 1000 gets 1000 back, not 1005", async () => {
    const client = await connect()
    const closing = closeOf(client)
    client.close(1000)
    expect(await closing).toEqual({ code: 1000, reason: '' })
    expect(closed).toContain(opened[opened.length - 1])
  })

  it('echoes any other code too (4001 back for 4001)', async () => {
    const client = await connect()
    const closing = closeOf(client)
    client.close(4001, 'bye')
    expect((await closing).code).toBe(4001)
  })

  it('closes from its side with 1000', async () => {
    const client = await connect()
    const closing = closeOf(client)
    client.send('close me')
    expect((await closing).code).toBe(1000)
  })
})
