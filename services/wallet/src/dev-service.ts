/**
 * The wallet service as the local stack runs it (docs/wallet-service.md): the memory store, a random secret for this
 * process, the dev inbox as its SMTP server, 127.0.0.1 only, and the local origins (any port of 127.0.0.1 and
 * localhost) as the allowed origins, so the demo on any port may embed the frame. With `farcaster`, Sign In With
 * Farcaster is on for the service's own `127.0.0.1:<port>` ("The local Farcaster app").
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deriveKeys } from './crypto'
import { startDevInbox, type DevInbox } from './dev-inbox'
import type { IdRegistry } from './id-registry'
import { smtpMailer } from './mailer'
import { walletHandler, type WalletServiceOptions } from './service'
import type { SocialOptions } from './social'
import { memoryStore } from './store'

export type DevWalletService = {
  /** The service's origin: its API under /v1/ and the frame's files. */
  url: string
  /** The dev inbox: its page (`url`), its SMTP port, and the messages it holds. */
  inbox: DevInbox
  stop(): Promise<void>
}

/**
 * `now`: the service's clock (default Date.now); the local stack's tests move it past a rule they do not test.
 * `farcaster`: turns Sign In With Farcaster on with this ID registry; the domain every message must name is the
 * service's own `127.0.0.1:<port>` and the sign-in URI `http://127.0.0.1:<port>`.
 * `social`: turns social logins on; called with the service's URL once it listens (its providers register the service's
 * callback, `<url>/v1/social/callback`), it answers the providers (the local stack starts its identity providers there).
 */
export async function startDevWalletService(
  options: {
    allowedOrigins?: readonly string[]
    frameDir?: string
    frameConnectSrc?: readonly string[]
    now?: () => number
    farcaster?: { idRegistry: IdRegistry }
    social?: (serviceUrl: string) => Promise<SocialOptions>
  } = {},
): Promise<DevWalletService> {
  const inbox = await startDevInbox()
  const mailer = smtpMailer({ ...inbox.smtp, from: 'Latch wallet <wallet@localhost>' })
  // The server listens before the handler is made: Farcaster's domain is the port the system gives it.
  let handler: ReturnType<typeof walletHandler> | undefined
  const server = createServer((req, res) => (handler ? handler(req, res) : res.writeHead(503).end()))
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail)
      server.listen(0, '127.0.0.1', () => done())
    })
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
    const social = options.social ? await options.social(`http://${host}`) : undefined
    const serviceOptions: WalletServiceOptions = {
      store: memoryStore(),
      keys: deriveKeys(randomBytes(32)),
      mailer,
      allowedOrigins: options.allowedOrigins ?? ['http://127.0.0.1:*', 'http://localhost:*'],
      frameDir: options.frameDir,
      frameConnectSrc: options.frameConnectSrc,
      ...(options.now ? { now: options.now } : {}),
      ...(options.farcaster ? { farcaster: { domain: host, siweUri: `http://${host}`, idRegistry: options.farcaster.idRegistry } } : {}),
      ...(social ? { social } : {}),
    }
    handler = walletHandler(serviceOptions)
    return {
      url: `http://${host}`,
      inbox,
      stop: async () => {
        await new Promise<void>((done) => {
          server.close(() => done())
          server.closeAllConnections()
        })
        mailer.close()
        await inbox.stop()
      },
    }
  } catch (error) {
    server.close()
    mailer.close()
    await inbox.stop()
    throw error
  }
}
