/**
 * Sign In With Farcaster over HTTP (docs/wallet-service.md, "Farcaster"), one suite run on each store: on the memory
 * store (farcaster.test.ts) and on a real redis-server (redis.test.ts). The dapp's side is `@farcaster/auth-client`'s
 * app client, the Farcaster app is its wallet client signing with a viem local account, the custody address of fid 1
 * in the map ID registry. Time is the service's virtual clock.
 */
import { createAppClient, createWalletClient, type CreateClientArgs } from '@farcaster/auth-client'
import { createHash, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, custom, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { mapIdRegistry, type IdRegistry } from './src/id-registry'
import { walletLimits } from './src/limits'
import type { Mailer } from './src/mailer'
import { startWalletService, type WalletService } from './src/service'
import type { Store } from './src/store'
import { makeFrame, testKeys, virtualClock } from './testing'

// Fixed test keys (never a real account's): fid 1's custody, and someone else.
export const custodian = privateKeyToAccount(`0x${'11'.repeat(32)}`)
export const stranger = privateKeyToAccount(`0x${'22'.repeat(32)}`)
export const farcasterSettings = { domain: 'wallet.example.com', siweUri: 'https://wallet.example.com/login' }

/** auth-client wants an Ethereum connector even where nothing is verified: this one refuses every use. */
export const noChain: CreateClientArgs['ethereum'] = {
  publicClient: createClient({ transport: custom({ request: () => Promise.reject(new Error('no chain in these tests')) }) }),
  getFid: () => Promise.reject(new Error('no chain in these tests')),
  isValidAuthAddress: () => Promise.reject(new Error('no chain in these tests')),
}

const mailer: Mailer = { send: async () => undefined, close: () => undefined }

type SignInOptions = {
  /** Who signs (default: the custodian). */
  signer?: PrivateKeyAccount
  /** The address the message names (default: the signer's). */
  address?: Hex
  fid?: number
  nonce?: string
  domain?: string
  uri?: string
  /** Changes the message after it is signed. */
  tamper?: (message: string) => string
  /** Fields of the body besides message, signature and fid. */
  extra?: Record<string, unknown>
}

export function farcasterSuite(name: string, makeStore: () => Store | Promise<Store>): void {
  describe(`Sign In With Farcaster on the ${name} store`, () => {
    const running: WalletService[] = []
    afterEach(async () => {
      await Promise.all(running.splice(0).map((service) => service.stop()))
    })

    const setup = async () => {
      const clock = virtualClock()
      let registryDown = false
      const map = mapIdRegistry({ 1: custodian.address, 2: stranger.address })
      const idRegistry: IdRegistry = { custodyOf: (fid) => (registryDown ? Promise.reject(new Error('RPC down')) : map.custodyOf(fid)) }
      const service = await startWalletService({ store: await makeStore(), keys: testKeys(), mailer, allowedOrigins: [], trustProxy: true, now: clock.now, farcaster: { ...farcasterSettings, idRegistry } })
      running.push(service)
      // The service is the relay: auth-client puts `${relay}/${version}/channel…`, so the version carries the path.
      const relay = { relay: service.url, version: 'v1/farcaster' }
      const app = createAppClient({ ...relay, ethereum: noChain })
      const farcaster = createWalletClient({ ...relay, ethereum: noChain })

      const channel = async () => {
        const created = await app.createChannel(farcasterSettings)
        expect(created.isError, String(created.error)).toBe(false)
        expect(created.response?.status).toBe(201)
        return created.data as { channelToken: string; url: string; nonce: string }
      }
      const status = async (channelToken: string) => {
        const answer = await app.status({ channelToken })
        return { status: answer.response?.status, body: answer.data as any }
      }
      /** The Farcaster app: reads the QR's uri, builds the message, signs it, posts it to the channel. */
      const signIn = async (url: string, options: SignInOptions = {}) => {
        const { channelToken } = farcaster.parseSignInURI({ uri: url })
        const params = new URL(url).searchParams
        const signer = options.signer ?? custodian
        const fid = options.fid ?? 1
        const built = farcaster.buildSignInMessage({
          address: options.address ?? signer.address,
          fid,
          uri: options.uri ?? params.get('siweUri') ?? '',
          domain: options.domain ?? params.get('domain') ?? '',
          nonce: options.nonce ?? params.get('nonce') ?? '',
        })
        expect(built.isError, String(built.error)).toBe(false)
        const signature = await signer.signMessage({ message: built.message as string })
        const message = options.tamper ? options.tamper(built.message as string) : (built.message as string)
        const answer = await farcaster.authenticate({ channelToken: channelToken as string, authKey: 'any', message, signature, fid, username: 'alice', ...options.extra })
        return { status: answer.response?.status, body: answer.data as any, sent: { message, signature } }
      }
      const refusedWith = (answer: { status?: number; body: any }) => ({ status: answer.status, code: answer.body?.error?.code })
      return { clock, service, app, channel, status, signIn, refusedWith, setRegistryDown: (down: boolean) => void (registryDown = down) }
    }

    it('the whole loop: a channel, pending, the Farcaster app signs in, completed with the verified fid and username', async () => {
      const { channel, status, signIn, app } = await setup()
      const { channelToken, url, nonce } = await channel()
      expect(channelToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(nonce).toMatch(/^[0-9a-f]{32}$/)
      const uri = new URL(url)
      expect(`${uri.protocol}//${uri.host}`).toBe('farcaster://connect')
      expect(Object.fromEntries(uri.searchParams)).toEqual({ channelToken, nonce, siweUri: farcasterSettings.siweUri, domain: farcasterSettings.domain })

      expect(await status(channelToken)).toEqual({ status: 202, body: { state: 'pending', nonce, url } })
      const signedIn = await signIn(url, { extra: { displayName: 'Alice', pfpUrl: 'https://images.example.com/alice.png' } })
      const completed = { state: 'completed', nonce, url, fid: 1, username: 'alice', displayName: 'Alice', pfpUrl: 'https://images.example.com/alice.png', custody: custodian.address, authMethod: 'custody', message: signedIn.sent.message, signature: signedIn.sent.signature }
      expect(signedIn).toMatchObject({ status: 200, body: completed })
      expect(await status(channelToken)).toEqual({ status: 200, body: completed })
      // auth-client's own polling ends on the completed answer.
      const watched = await app.watchStatus({ channelToken, interval: 10, timeout: 5_000 })
      expect(watched.data).toMatchObject({ state: 'completed', fid: 1, username: 'alice' })
    })

    it('refuses a message with another nonce (the channel stays pending and still signs in)', async () => {
      const { channel, status, signIn, refusedWith } = await setup()
      const { channelToken, url } = await channel()
      expect(refusedWith(await signIn(url, { nonce: 'abcdef0123456789abcdef0123456789' }))).toEqual({ status: 401, code: 'FARCASTER_NONCE_MISMATCH' })
      expect((await status(channelToken)).body.state).toBe('pending')
      expect((await signIn(url)).status).toBe(200)
    })

    it("refuses a message for another domain, or another sign-in URI", async () => {
      const { channel, signIn, refusedWith } = await setup()
      const { url } = await channel()
      const refused = await signIn(url, { domain: 'evil.example.com' })
      expect(refusedWith(refused)).toEqual({ status: 401, code: 'FARCASTER_DOMAIN_MISMATCH' })
      expect(refused.body.error.message).toBe("The message signs in to another domain than this service's (wallet.example.com)")
      expect(refusedWith(await signIn(url, { uri: 'https://evil.example.com/login' }))).toEqual({ status: 400, code: 'FARCASTER_MESSAGE_INVALID' })
    })

    it("refuses a signature that is not the message's address's, and a message changed after signing", async () => {
      const { channel, signIn, refusedWith } = await setup()
      const { url } = await channel()
      expect(refusedWith(await signIn(url, { signer: stranger, address: custodian.address }))).toEqual({ status: 401, code: 'FARCASTER_SIGNATURE_INVALID' })
      expect(refusedWith(await signIn(url, { tamper: (message) => message.replace('Farcaster Auth', 'Farcaster Login') }))).toEqual({ status: 400, code: 'FARCASTER_MESSAGE_INVALID' })
      expect(refusedWith(await signIn(url, { tamper: (message) => message.replace(/Issued At: .*/, 'Issued At: 2020-01-01T00:00:00.000Z') }))).toEqual({ status: 401, code: 'FARCASTER_SIGNATURE_INVALID' })
    })

    it("refuses a signer that is not the fid's custody in the ID registry, an fid it does not know, and a wrong custody field", async () => {
      const { channel, signIn, refusedWith } = await setup()
      const { url } = await channel()
      const notCustody = await signIn(url, { signer: stranger, fid: 1 })
      expect(refusedWith(notCustody)).toEqual({ status: 401, code: 'FARCASTER_CUSTODY_MISMATCH' })
      expect(notCustody.body.error.message).toBe('The message is not signed by the custody address of fid 1 in the ID registry')
      const unknown = await signIn(url, { fid: 999 })
      expect(refusedWith(unknown)).toEqual({ status: 401, code: 'FARCASTER_CUSTODY_MISMATCH' })
      expect(unknown.body.error.message).toBe('fid 999 has no custody address in the ID registry')
      expect(refusedWith(await signIn(url, { extra: { custody: stranger.address } }))).toEqual({ status: 401, code: 'FARCASTER_CUSTODY_MISMATCH' })
    })

    it('a channel completes once: the same authenticate again is refused, and its message on a new channel too', async () => {
      const { channel, signIn, refusedWith, service } = await setup()
      const first = await channel()
      const done = await signIn(first.url)
      expect(done.status).toBe(200)
      const again = await fetch(`${service.url}/v1/farcaster/channel/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${first.channelToken}` },
        body: JSON.stringify({ ...done.sent, fid: 1 }),
      })
      expect({ status: again.status, code: ((await again.json()) as any).error.code }).toEqual({ status: 409, code: 'FARCASTER_CHANNEL_COMPLETED' })
      const second = await channel()
      const replayed = await fetch(`${service.url}/v1/farcaster/channel/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${second.channelToken}` },
        body: JSON.stringify({ ...done.sent, fid: 1 }),
      })
      expect({ status: replayed.status, code: ((await replayed.json()) as any).error.code }).toEqual({ status: 401, code: 'FARCASTER_NONCE_MISMATCH' })
      expect(refusedWith(await signIn(first.url))).toEqual({ status: 409, code: 'FARCASTER_CHANNEL_COMPLETED' })
    })

    it('many good authenticates at once: exactly one completes the channel', async () => {
      const { channel, signIn } = await setup()
      const { url } = await channel()
      const answers = await Promise.all(Array.from({ length: 4 }, () => signIn(url)))
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
    })

    it(`a channel lives ${walletLimits.farcasterChannelLifeMs / 60_000} minutes: good 1 ms before, then refused, its status too`, async () => {
      const { clock, channel, status, signIn, refusedWith } = await setup()
      const early = await channel()
      clock.advance(walletLimits.farcasterChannelLifeMs - 1)
      expect((await signIn(early.url)).status).toBe(200)
      const late = await channel()
      clock.advance(walletLimits.farcasterChannelLifeMs)
      expect(refusedWith(await signIn(late.url))).toEqual({ status: 401, code: 'FARCASTER_CHANNEL_EXPIRED' })
      expect(refusedWith(await status(late.channelToken))).toEqual({ status: 401, code: 'FARCASTER_CHANNEL_EXPIRED' })
      expect(refusedWith(await status(early.channelToken))).toEqual({ status: 401, code: 'FARCASTER_CHANNEL_EXPIRED' })
    })

    it(`${walletLimits.farcasterTriesPerChannel} tries a channel: after them even a good message is refused`, async () => {
      const { channel, signIn, refusedWith } = await setup()
      const { url } = await channel()
      for (let i = 0; i < walletLimits.farcasterTriesPerChannel; i++) expect((await signIn(url, { signer: stranger, fid: 1 })).status).toBe(401)
      expect(refusedWith(await signIn(url))).toEqual({ status: 401, code: 'FARCASTER_ATTEMPTS_EXCEEDED' })
    })

    it('an unknown token, none, or one in another form: no channel', async () => {
      const { service, status, refusedWith } = await setup()
      expect(refusedWith(await status('A'.repeat(43)))).toEqual({ status: 401, code: 'FARCASTER_CHANNEL_EXPIRED' })
      for (const headers of [{}, { authorization: 'Bearer short' }, { authorization: `Session ${'A'.repeat(43)}` }] as Record<string, string>[]) {
        const answer = await fetch(`${service.url}/v1/farcaster/channel/status`, { headers })
        expect(answer.status).toBe(401)
        expect(((await answer.json()) as any).error.code).toBe('FARCASTER_CHANNEL_EXPIRED')
      }
    })

    it('while the ID registry cannot be read: 503, and the channel stays pending', async () => {
      const { channel, status, signIn, refusedWith, setRegistryDown } = await setup()
      const { channelToken, url } = await channel()
      setRegistryDown(true)
      expect(refusedWith(await signIn(url))).toEqual({ status: 503, code: 'FARCASTER_REGISTRY_UNAVAILABLE' })
      setRegistryDown(false)
      expect((await status(channelToken)).status).toBe(202)
      expect((await signIn(url)).status).toBe(200)
    })

    /** A channel as the frame asks for it: with the SHA-256 of a secret it keeps (`secret`). */
    const frameChannel = async (service: WalletService) => {
      const secret = randomBytes(32).toString('base64url')
      const sessionHash = createHash('sha256').update(secret).digest('base64url')
      const answer = await fetch(`${service.url}/v1/farcaster/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionHash }) })
      expect(answer.status).toBe(201)
      return { ...((await answer.json()) as { channelToken: string; url: string }), secret }
    }
    /** POST /v1/farcaster/session on a channel, with a new frame's keys and the channel's secret (or the body given). */
    const openSession = async (service: WalletService, channel: { channelToken: string; secret?: string }, body?: unknown) => {
      const frame = await makeFrame()
      const answer = await fetch(`${service.url}/v1/farcaster/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.channelToken}` },
        body: JSON.stringify(body ?? { signingKey: frame.signingKey, encryptionKey: frame.encryptionKey, secret: channel.secret ?? 'A'.repeat(43) }),
      })
      return { status: answer.status, body: (await answer.json()) as any, frame }
    }

    it('a completed channel opens one session: the account of farcaster:<fid>, its username; pending and used channels are refused', async () => {
      const { service, signIn, clock } = await setup()
      const channel = () => frameChannel(service)
      const first = await channel()
      const pending = await openSession(service, first)
      expect({ status: pending.status, code: pending.body.error.code }).toEqual({ status: 409, code: 'FARCASTER_CHANNEL_PENDING' })
      expect((await signIn(first.url)).status).toBe(200)
      // A bad key is refused before the channel is claimed: the channel still opens its session after.
      const badKey = await openSession(service, first, { signingKey: 'A'.repeat(87), encryptionKey: 'A'.repeat(87), secret: first.secret })
      expect(badKey.body.error).toEqual({ code: 'BAD_REQUEST', message: 'signingKey: not a P-256 public key' })
      // The channel token alone (it is in the sign-in link: the QR code, the page, the Farcaster app) opens nothing.
      const noSecret = await openSession(service, { channelToken: first.channelToken, secret: randomBytes(32).toString('base64url') })
      expect({ status: noSecret.status, body: noSecret.body }).toEqual({ status: 401, body: { error: { code: 'FARCASTER_SECRET_INVALID', message: 'Not the secret of the frame that created this Farcaster channel' } } })
      const opened = await openSession(service, first)
      expect(opened.status).toBe(200)
      expect(opened.body).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: clock.now() + walletLimits.sessionLifeMs,
        serverTime: clock.now(),
        account: { id: expect.any(String), email: null, hasWallet: false, userName: 'alice', provider: 'farcaster' },
      })
      // The session is bound to the frame's keys, as an e-mail login's.
      const headers = await opened.frame.sign(opened.body.token, 'GET', '/v1/session', '', clock.now())
      const session = await fetch(`${service.url}/v1/session`, { headers })
      expect(((await session.json()) as any).account).toEqual(opened.body.account)
      // Once per channel.
      const again = await openSession(service, first)
      expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'FARCASTER_CHANNEL_USED' })
      // The same fid on a new channel reaches the same account.
      const second = await channel()
      expect((await signIn(second.url)).status).toBe(200)
      expect((await openSession(service, second)).body.account.id).toBe(opened.body.account.id)
      // Another fid is another account; an unknown or expired channel has none.
      const third = await channel()
      expect((await signIn(third.url, { signer: stranger, fid: 2 })).status).toBe(200)
      expect((await openSession(service, third)).body.account.id).not.toBe(opened.body.account.id)
      const unknown = await openSession(service, { channelToken: 'A'.repeat(43) })
      expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 401, code: 'FARCASTER_CHANNEL_EXPIRED' })
      const late = await channel()
      expect((await signIn(late.url)).status).toBe(200)
      clock.advance(walletLimits.farcasterChannelLifeMs)
      expect((await openSession(service, late)).body.error.code).toBe('FARCASTER_CHANNEL_EXPIRED')
    })

    it('a channel created without a session hash (as auth-client creates one) opens no session', async () => {
      const { service, channel, signIn } = await setup()
      const created = await channel()
      expect((await signIn(created.url)).status).toBe(200)
      const refused = await openSession(service, { channelToken: created.channelToken })
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 'FARCASTER_SECRET_INVALID' })
    })

    it('many session calls on one completed channel at once: exactly one opens a session', async () => {
      const { service, signIn } = await setup()
      const created = await frameChannel(service)
      expect((await signIn(created.url)).status).toBe(200)
      const answers = await Promise.all(Array.from({ length: 4 }, () => openSession(service, created)))
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
    })

    it(`at most ${walletLimits.farcasterChannelsPerIp.limit} channels an hour from one IP`, async () => {
      const { clock, service } = await setup()
      clock.set(Math.ceil(clock.now() / walletLimits.farcasterChannelsPerIp.windowMs) * walletLimits.farcasterChannelsPerIp.windowMs) // a window's start
      const create = (ip: string) => fetch(`${service.url}/v1/farcaster/channel`, { method: 'POST', headers: { 'x-forwarded-for': ip } })
      for (let i = 0; i < walletLimits.farcasterChannelsPerIp.limit; i++) expect((await create('192.0.2.9')).status).toBe(201)
      const refused = await create('192.0.2.9')
      expect(refused.status).toBe(429)
      expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Please try again after 3600 seconds', retryAfterSeconds: 3600 } })
      expect(refused.headers.get('retry-after')).toBe('3600')
      expect((await create('192.0.2.10')).status).toBe(201)
    })
  })
}
