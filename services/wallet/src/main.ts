/**
 * `npm start` in services/wallet (or `npx tsx services/wallet/src/main.ts` from the repository): the wallet service
 * configured by the environment (docs/wallet-service.md, "Configuration"); with WALLET_DEV_INBOX=1, the dev inbox too.
 * Ctrl-C (SIGINT) or SIGTERM stops it.
 */
import { randomBytes } from 'node:crypto'
import { readConfig } from './config'
import { deriveKeys } from './crypto'
import { mapIdRegistry, rpcIdRegistry } from './id-registry'
import { startDevInbox } from './dev-inbox'
import { jsonLogger } from './log'
import { smtpMailer } from './mailer'
import { redisStore } from './redis-store'
import { startWalletService } from './service'
import { memoryStore } from './store'

let config
try {
  config = readConfig(process.env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}
const log = jsonLogger()
const store = config.redis ? redisStore(config.redis) : memoryStore()
const inbox = config.devInbox ? await startDevInbox() : undefined
const smtp = config.smtp ?? { host: inbox!.smtp.host, port: inbox!.smtp.port, secure: false }
const mailer = smtpMailer({ ...smtp, from: config.mailFrom })
const keys = deriveKeys(config.secret ?? randomBytes(32), config.recoverySecret)
const service = await startWalletService({
  host: config.host,
  port: config.port,
  store,
  keys,
  mailer,
  allowedOrigins: config.allowedOrigins,
  frameDir: config.frameDir,
  publicOrigin: config.publicOrigin,
  frameConnectSrc: config.frameConnectSrc,
  trustProxy: config.trustProxy,
  farcaster: config.farcaster && { domain: config.farcaster.domain, siweUri: config.farcaster.siweUri, idRegistry: config.farcaster.registry ? rpcIdRegistry(config.farcaster.registry) : mapIdRegistry(config.farcaster.custody) },
  social: config.social,
  log,
})
log({ event: 'listening', url: service.url, store: store.kind })
if (!config.secret) console.error('WALLET_SECRET is not set: using a random one, so codes and sessions end when this process stops.')
if (inbox) console.error(`dev inbox: ${inbox.url} (SMTP ${inbox.smtp.host}:${inbox.smtp.port}); development only`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The mailer's pooled SMTP connection closes first: the dev inbox waits for open connections before it stops.
    mailer.close()
    void Promise.allSettled([service.stop(), inbox?.stop(), store.close()]).finally(() => process.exit(0))
  })
}
