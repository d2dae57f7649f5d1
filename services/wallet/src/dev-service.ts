/**
 * The wallet service as the local stack runs it (docs/wallet-service.md): the memory store, a random secret for this
 * process, the dev inbox as its SMTP server, 127.0.0.1 only, and the local origins (any port of 127.0.0.1 and
 * localhost) as the allowed origins, so the demo on any port may embed the frame.
 */
import { randomBytes } from 'node:crypto'
import { deriveKeys } from './crypto'
import { startDevInbox, type DevInbox } from './dev-inbox'
import { smtpMailer } from './mailer'
import { startWalletService } from './service'
import { memoryStore } from './store'

export type DevWalletService = {
  /** The service's origin: its API under /v1/ and the frame's files. */
  url: string
  /** The dev inbox: its page (`url`), its SMTP port, and the messages it holds. */
  inbox: DevInbox
  stop(): Promise<void>
}

/** `now`: the service's clock (default Date.now); the local stack's tests move it past a rule they do not test. */
export async function startDevWalletService(
  options: { allowedOrigins?: readonly string[]; frameDir?: string; frameConnectSrc?: readonly string[]; now?: () => number } = {},
): Promise<DevWalletService> {
  const inbox = await startDevInbox()
  const mailer = smtpMailer({ ...inbox.smtp, from: 'Latch wallet <wallet@localhost>' })
  try {
    const service = await startWalletService({
      store: memoryStore(),
      keys: deriveKeys(randomBytes(32)),
      mailer,
      allowedOrigins: options.allowedOrigins ?? ['http://127.0.0.1:*', 'http://localhost:*'],
      frameDir: options.frameDir,
      frameConnectSrc: options.frameConnectSrc,
      ...(options.now ? { now: options.now } : {}),
    })
    return {
      url: service.url,
      inbox,
      stop: async () => {
        await service.stop()
        mailer.close()
        await inbox.stop()
      },
    }
  } catch (error) {
    mailer.close()
    await inbox.stop()
    throw error
  }
}
