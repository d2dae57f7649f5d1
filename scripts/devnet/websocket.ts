/**
 * Just enough of RFC 6455 for the local SVM's subscriptions and the local WalletConnect relay, over node:http's
 * 'upgrade' (no dependency): the handshake, text frames both ways (client frames masked, any length), ping → pong,
 * server pings (a pong is read and ignored), close. One JSON text message per frame; fragmented messages are not
 * supported (no client of ours sends them). A close frame from the client is answered with a close frame carrying its
 * status code (RFC 6455, 5.5.1): a client that closes with 1000 reads 1000 back, not 1005 ('no status'), which
 * web3.js's socket client would take for a dropped connection and reconnect after, forever.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

/** One open connection: send text, ping, and close (with a status code, 1000 'normal' unless told). */
export type Socket = { send(text: string): void; ping(): void; close(code?: number): void; readonly open: boolean }

const guid = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/** Completes the handshake of an 'upgrade' request; `onMessage` gets each text message, `onClose` once. */
export function acceptWebSocket(request: IncomingMessage, stream: Duplex, onMessage: (text: string, socket: Socket) => void, onClose: (socket: Socket) => void): Socket | undefined {
  const key = request.headers['sec-websocket-key']
  if (typeof key !== 'string' || request.headers.upgrade?.toLowerCase() !== 'websocket') {
    stream.end('HTTP/1.1 400 Bad Request\r\n\r\n')
    return undefined
  }
  const accept = createHash('sha1').update(key + guid).digest('base64')
  stream.write(['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`, '', ''].join('\r\n'))
  let open = true
  let buffer = Buffer.alloc(0)
  const frame = (opcode: number, payload: Buffer) => {
    const length = payload.length
    const header = length < 126 ? Buffer.from([0x80 | opcode, length]) : length < 65536 ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff]) : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigEndian64(length)])
    if (open) stream.write(Buffer.concat([header, payload]))
  }
  const socket: Socket = {
    send: (text) => frame(0x1, Buffer.from(text, 'utf8')),
    ping: () => frame(0x9, Buffer.alloc(0)),
    close(code = 1000) {
      if (!open) return
      const status = Buffer.alloc(2)
      status.writeUInt16BE(code)
      frame(0x8, status)
      open = false
      stream.end()
      onClose(socket)
    },
    get open() {
      return open
    },
  }
  stream.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      if (buffer.length < 2) return
      const opcode = (buffer[0] as number) & 0x0f
      const masked = ((buffer[1] as number) & 0x80) !== 0
      let length = (buffer[1] as number) & 0x7f
      let at = 2
      if (length === 126) {
        if (buffer.length < 4) return
        length = buffer.readUInt16BE(2)
        at = 4
      } else if (length === 127) {
        if (buffer.length < 10) return
        length = Number(buffer.readBigUInt64BE(2))
        at = 10
      }
      const mask = masked ? buffer.subarray(at, at + 4) : undefined
      at += masked ? 4 : 0
      if (buffer.length < at + length) return
      const payload = Buffer.from(buffer.subarray(at, at + length))
      buffer = buffer.subarray(at + length)
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number)
      if (opcode === 0x1) onMessage(payload.toString('utf8'), socket)
      else if (opcode === 0x9) frame(0xa, payload)
      // The client's status code echoed; a close frame without one (1005 for the client) gets 1000.
      else if (opcode === 0x8) socket.close(payload.length >= 2 ? payload.readUInt16BE(0) : 1000)
    }
  })
  const gone = () => {
    if (!open) return
    open = false
    onClose(socket)
  }
  stream.on('close', gone)
  stream.on('error', gone)
  return socket
}

function bigEndian64(n: number): Buffer {
  const out = Buffer.alloc(8)
  out.writeBigUInt64BE(BigInt(n))
  return out
}
