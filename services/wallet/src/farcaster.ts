/**
 * Sign In With Farcaster (docs/wallet-service.md, "Farcaster"): the service is its own auth relay. A channel holds a
 * nonce the service made and lives 5 minutes in the shared store; the Farcaster app posts the signed message to it once;
 * whoever holds the channel token polls its state. A message is believed only after `@farcaster/auth-client` verified it
 * for this channel's nonce and the service's domain, signed by the fid's custody address in the ID registry.
 */
import { createClient as createAuthClient, verifySignInMessage, type CreateClientArgs } from '@farcaster/auth-client'
import { createHash, randomBytes } from 'node:crypto'
import { createClient, custom, defineChain, isAddressEqual, recoverAddress, type Address, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { ipTag } from './codes'
import { randomId, sameSecret, type Keys } from './crypto'
import { ServiceError, tryAgainAfter } from './errors'
import type { IdRegistry } from './id-registry'
import { walletLimits } from './limits'
import type { Store } from './store'
import { secondsLeft, takeRate } from './throttle'

/** The service's Farcaster settings: the SIWF message's domain and URI, and where custody is looked up. */
export type FarcasterOptions = {
  /** The domain every message must name (`wallet.example.com`, a port if any): the service's, as the Farcaster app shows it. */
  domain: string
  /** The sign-in URI every message must name (`https://wallet.example.com`). */
  siweUri: string
  idRegistry: IdRegistry
}

/** What the Farcaster rules need: the store, the keys, the clock, the settings. */
export type FarcasterContext = { store: Store; keys: Keys; now: () => number; farcaster: FarcasterOptions }

/** What the Farcaster app posts to authenticate (schemas.farcasterAuthenticateBody). */
export type FarcasterSignIn = {
  message: string
  signature: string
  fid: number
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
  custody?: string
  authMethod?: 'custody'
}

/** The profile the Farcaster app reported with a verified sign-in (shown, not verified). */
type Profile = { username?: string; displayName?: string; bio?: string; pfpUrl?: string }

/** A channel as stored: pending until its one authenticate succeeds, then completed with what was verified. */
type ChannelRecord =
  | { state: 'pending'; nonce: string; url: string; expiresAt: number; sessionHash?: string }
  | ({ state: 'completed'; nonce: string; url: string; expiresAt: number; sessionHash?: string; fid: number; custody: Address; message: string; signature: Hex } & Profile)

/** A channel's state as the status route answers it (the shape of auth-client's status, less what the service keeps to itself). */
export type ChannelStatus =
  | { state: 'pending'; nonce: string; url: string }
  | ({ state: 'completed'; nonce: string; url: string; message: string; signature: Hex; authMethod: 'custody'; fid: number; custody: Address } & Profile)

const channelKey = (keys: Keys, token: string) => `farcaster:channel:${keys.mac('farcaster-channel', token)}`
const claimKey = (keys: Keys, token: string) => `farcaster:completed:${keys.mac('farcaster-channel', token)}`
const sessionClaimKey = (keys: Keys, token: string) => `farcaster:session:${keys.mac('farcaster-channel', token)}`
const triesKey = (keys: Keys, token: string) => `farcaster-tries:${keys.mac('farcaster-channel', token)}`

/**
 * The uri the QR code encodes, as Farcaster apps read it: `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…`
 * (the form `@farcaster/auth-client`'s parseSignInURI documents).
 */
export function channelUrl(token: string, nonce: string, options: Pick<FarcasterOptions, 'domain' | 'siweUri'>): string {
  return `farcaster://connect?${new URLSearchParams({ channelToken: token, nonce, siweUri: options.siweUri, domain: options.domain })}`
}

/**
 * Opens a channel for the client at `ip`: a random token (the store keeps only its keyed hash) and a nonce from the
 * system's cryptographic random source (32 hex characters, as EIP-4361 wants: 8 or more letters or digits). Refused when
 * the IP opened too many this hour (RATE_LIMITED).
 */
export async function openChannel(ctx: FarcasterContext, ip: string, sessionHash?: string): Promise<{ channelToken: string; url: string; nonce: string }> {
  const now = ctx.now()
  const rate = await takeRate(ctx.store, `farcaster-channels-ip:${ipTag(ctx.keys, ip)}`, walletLimits.farcasterChannelsPerIp, now)
  if (!rate.allowed) {
    const seconds = secondsLeft(rate.retryAfterMs)
    throw new ServiceError('RATE_LIMITED', tryAgainAfter(seconds), { retryAfterSeconds: seconds })
  }
  const channelToken = randomId(32)
  const nonce = randomBytes(16).toString('hex')
  const url = channelUrl(channelToken, nonce, ctx.farcaster)
  const record: ChannelRecord = { state: 'pending', nonce, url, expiresAt: now + walletLimits.farcasterChannelLifeMs, ...(sessionHash !== undefined ? { sessionHash } : {}) }
  await ctx.store.set(channelKey(ctx.keys, channelToken), JSON.stringify(record), walletLimits.farcasterChannelLifeMs)
  return { channelToken, url, nonce }
}

const noChannel = () => new ServiceError('FARCASTER_CHANNEL_EXPIRED', 'No live Farcaster channel for this token: it is unknown or past its 5 minutes; create a new channel')

/** The live channel of `token`, by the service's clock; FARCASTER_CHANNEL_EXPIRED when there is none. */
async function liveChannel(ctx: FarcasterContext, token: string): Promise<ChannelRecord> {
  const raw = await ctx.store.get(channelKey(ctx.keys, token))
  const record = raw === undefined ? undefined : parseRecord(raw)
  if (!record || record.expiresAt <= ctx.now()) throw noChannel()
  return record
}

/** The channel's state for whoever holds its token: pending, or completed with the verified fid. */
export async function channelStatus(ctx: FarcasterContext, token: string): Promise<ChannelStatus> {
  return statusOf(await liveChannel(ctx, token))
}

function statusOf(record: ChannelRecord): ChannelStatus {
  if (record.state === 'pending') return { state: 'pending', nonce: record.nonce, url: record.url }
  const { state, nonce, url, message, signature, fid, custody, username, displayName, bio, pfpUrl } = record
  return { state, nonce, url, message, signature, authMethod: 'custody', fid, custody, ...defined({ username, displayName, bio, pfpUrl }) }
}

/**
 * The Farcaster app's authenticate: verifies the signed message for the channel of `token` (verifySignIn) and completes
 * the channel, once. Refused when the channel is not live (FARCASTER_CHANNEL_EXPIRED), has completed already
 * (FARCASTER_CHANNEL_COMPLETED), has had its 5 tries (FARCASTER_ATTEMPTS_EXCEEDED), or the message fails a check.
 */
export async function authenticateChannel(ctx: FarcasterContext, token: string, signIn: FarcasterSignIn): Promise<ChannelStatus> {
  const record = await liveChannel(ctx, token)
  const completed = () => new ServiceError('FARCASTER_CHANNEL_COMPLETED', 'This Farcaster channel has completed already; a channel signs in once')
  if (record.state === 'completed') throw completed()
  const now = ctx.now()
  const tries = await ctx.store.increment(triesKey(ctx.keys, token), record.expiresAt - now)
  if (tries > walletLimits.farcasterTriesPerChannel) throw new ServiceError('FARCASTER_ATTEMPTS_EXCEEDED', 'Too many tries on this Farcaster channel; create a new channel')
  const { fid, custody } = await verifySignIn(ctx, record.nonce, signIn)
  // Of several authenticates verified at once, only the one that claims the channel completes it.
  if (!(await ctx.store.setIfAbsent(claimKey(ctx.keys, token), '1', record.expiresAt - now))) throw completed()
  const profile = defined({ username: signIn.username, displayName: signIn.displayName, bio: signIn.bio, pfpUrl: signIn.pfpUrl })
  const done: ChannelRecord = {
    state: 'completed',
    nonce: record.nonce,
    url: record.url,
    expiresAt: record.expiresAt,
    ...(record.sessionHash !== undefined ? { sessionHash: record.sessionHash } : {}),
    fid,
    custody,
    message: signIn.message,
    signature: signIn.signature as Hex,
    ...profile,
  }
  await ctx.store.set(channelKey(ctx.keys, token), JSON.stringify(done), record.expiresAt - now)
  return statusOf(done)
}

/**
 * Claims a completed channel for its one session (`POST /v1/farcaster/session`): answers the verified fid and the
 * username the Farcaster app reported. The channel token travels in the sign-in link (the QR code, the page, the
 * Farcaster app), so it is not enough: `secret` must be the one whose SHA-256 the channel was created with, which only
 * the frame that asked for the channel holds (FARCASTER_SECRET_INVALID, also for a channel created without one).
 * Refused when the channel is not live (FARCASTER_CHANNEL_EXPIRED), while it is pending (FARCASTER_CHANNEL_PENDING),
 * and once a session was opened from it (FARCASTER_CHANNEL_USED): the claim is one `setIfAbsent`, so of two calls at
 * once on two instances, one wins.
 */
export async function claimChannelSession(ctx: FarcasterContext, token: string, secret: string): Promise<{ fid: number; username?: string }> {
  const record = await liveChannel(ctx, token)
  if (record.sessionHash === undefined || !sameSecret(createHash('sha256').update(secret, 'utf8').digest('base64url'), record.sessionHash)) {
    throw new ServiceError('FARCASTER_SECRET_INVALID', "Not the secret of the frame that created this Farcaster channel")
  }
  if (record.state !== 'completed') throw new ServiceError('FARCASTER_CHANNEL_PENDING', 'This Farcaster channel has not completed yet: sign in with the Farcaster app first')
  if (!(await ctx.store.setIfAbsent(sessionClaimKey(ctx.keys, token), '1', Math.max(1, record.expiresAt - ctx.now())))) {
    throw new ServiceError('FARCASTER_CHANNEL_USED', 'A session was opened from this Farcaster channel already; create a new channel')
  }
  return { fid: record.fid, ...(record.username !== undefined ? { username: record.username } : {}) }
}

/**
 * A viem chain whose only hook checks a signature by ECDSA recovery: auth-client's verification then never calls a
 * chain (viem would otherwise ask an RPC node for ERC-1271/6492 smart-account signatures). Custody addresses are
 * accounts with keys; a smart-contract custody (ERC-1271) is refused (docs/wallet-service.md, "Farcaster").
 */
const signaturesOnly = defineChain({
  id: 10,
  name: 'OP Mainnet (signatures only: no RPC)',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
  async verifyHash(_client, { address, hash, signature }) {
    try {
      return isAddressEqual(address, await recoverAddress({ hash, signature }))
    } catch {
      return false
    }
  },
})
const offlineClient = createClient({
  chain: signaturesOnly,
  transport: custom({
    async request() {
      throw new Error('the wallet service makes no chain calls')
    },
  }),
})

const fidResource = /^farcaster:\/\/fid\/([1-9]\d*)\/?$/

/**
 * Checks a Sign In With Farcaster message for a channel whose nonce is `nonce`, and returns the fid it proves with its
 * custody address. In order: it is a message of this service's domain (FARCASTER_DOMAIN_MISMATCH) and this channel's
 * nonce (FARCASTER_NONCE_MISMATCH); its URI, its one fid resource (the fid posted), and its validity times by the
 * service's clock (FARCASTER_MESSAGE_INVALID); then auth-client's verifySignInMessage: the Farcaster statement and
 * chain (FARCASTER_MESSAGE_INVALID), the signature of the message's address (FARCASTER_SIGNATURE_INVALID), and that
 * address being the fid's custody in the ID registry (FARCASTER_CUSTODY_MISMATCH, also for an fid it does not know).
 */
export async function verifySignIn(ctx: Pick<FarcasterContext, 'now' | 'farcaster'>, nonce: string, signIn: FarcasterSignIn): Promise<{ fid: number; custody: Address }> {
  const { domain, siweUri, idRegistry } = ctx.farcaster
  const invalid = (why: string) => new ServiceError('FARCASTER_MESSAGE_INVALID', `Not a Sign In With Farcaster message for this channel: ${why}`)
  const parsed = parseSiweMessage(signIn.message)
  if (!parsed.address || !parsed.domain || !parsed.nonce || !parsed.uri) throw invalid('it is not an EIP-4361 message')
  if (parsed.domain !== domain) throw new ServiceError('FARCASTER_DOMAIN_MISMATCH', `The message signs in to another domain than this service's (${domain})`)
  if (parsed.nonce !== nonce) throw new ServiceError('FARCASTER_NONCE_MISMATCH', "The message's nonce is not this channel's")
  if (parsed.uri !== siweUri) throw invalid(`its URI is not ${siweUri}`)
  const fids = (parsed.resources ?? []).map((resource) => fidResource.exec(resource)?.[1]).filter((fid) => fid !== undefined)
  if (fids.length !== 1) throw invalid('it names no fid, or several')
  if (Number(fids[0]) !== signIn.fid) throw invalid(`its fid is not ${signIn.fid}`)
  const now = ctx.now()
  if (parsed.notBefore && !(parsed.notBefore.getTime() <= now)) throw invalid('it is not valid yet')
  if (parsed.expirationTime && !(parsed.expirationTime.getTime() > now)) throw invalid('it has expired')

  // The connector auth-client asks for the signer's fid, once the signature is good: answered from the fid's custody.
  let lookup: { custody: Address | undefined } | { failed: true } | undefined
  const ethereum: CreateClientArgs['ethereum'] = {
    publicClient: offlineClient,
    async getFid(signer) {
      try {
        const custody = await idRegistry.custodyOf(signIn.fid)
        lookup = { custody }
        return custody !== undefined && isAddressEqual(custody, signer) ? BigInt(signIn.fid) : 0n
      } catch (error) {
        lookup = { failed: true }
        throw error
      }
    },
    isValidAuthAddress: async () => false,
  }
  const verified = await verifySignInMessage(createAuthClient({ ethereum }), { nonce, domain, message: signIn.message, signature: signIn.signature as Hex, acceptAuthAddress: false })
  if (verified.isError) {
    if (lookup && 'failed' in lookup) throw new ServiceError('FARCASTER_REGISTRY_UNAVAILABLE', "The Farcaster ID registry cannot be read now; try again later")
    if (lookup) throw custodyMismatch(signIn.fid, lookup.custody)
    if (verified.error?.errCode.startsWith('bad_request')) throw invalid(verified.error.message.slice(0, 200))
    throw new ServiceError('FARCASTER_SIGNATURE_INVALID', "The message's signature is not its address's")
  }
  if (!lookup || 'failed' in lookup || lookup.custody === undefined || verified.fid !== signIn.fid) throw custodyMismatch(signIn.fid, undefined)
  const custody = lookup.custody
  if (signIn.custody !== undefined && !isAddressEqual(signIn.custody as Address, custody)) throw custodyMismatch(signIn.fid, custody)
  return { fid: signIn.fid, custody }
}

function custodyMismatch(fid: number, custody: Address | undefined): ServiceError {
  return new ServiceError(
    'FARCASTER_CUSTODY_MISMATCH',
    custody === undefined ? `fid ${fid} has no custody address in the ID registry` : `The message is not signed by the custody address of fid ${fid} in the ID registry`,
  )
}

function defined<T extends Record<string, string | undefined>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

function parseRecord(raw: string): ChannelRecord | undefined {
  try {
    const value = JSON.parse(raw) as Partial<ChannelRecord>
    if ((value.state !== 'pending' && value.state !== 'completed') || typeof value.nonce !== 'string' || typeof value.url !== 'string' || typeof value.expiresAt !== 'number') return undefined
    return value as ChannelRecord
  } catch {
    return undefined
  }
}
