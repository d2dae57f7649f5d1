/**
 * What a Farcaster app does with a sign-in link (docs/wallet-service.md, "Farcaster"): reads the channel's parameters
 * from `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…`, builds the Sign In With Farcaster message
 * (EIP-4361, statement `Farcaster Auth`, chain 10, the fid as a `farcaster://fid/<fid>` resource), signs it with the
 * fid's custody key and posts it to the relay's `channel/authenticate`. The local Farcaster app (./server.ts) and the
 * tests use it; the keys are anvil's well-known development keys (./users.ts), never real ones.
 */
import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import * as z from 'zod/mini'

/** The parameters a sign-in link carries. */
export type SignInLink = { channelToken: string; nonce: string; siweUri: string; domain: string }

const linkSchema = z.object({
  channelToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,64}$/)),
  siweUri: z.string().check(z.regex(/^https?:\/\/\S+$/), z.maxLength(2048)),
  domain: z.string().check(z.regex(/^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/)),
})

/** The link's parameters, or undefined for anything that is not a `farcaster://connect?…` link with all four. */
export function parseSignInLink(text: string): SignInLink | undefined {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'farcaster:' || url.host !== 'connect') return undefined
  const parsed = z.safeParse(linkSchema, Object.fromEntries(url.searchParams))
  return parsed.success ? parsed.data : undefined
}

/** The Sign In With Farcaster message for `link`, signed in as `fid` by its custody `account`, issued at `now`. */
export function signInMessage(link: SignInLink, account: Pick<LocalAccount, 'address'>, fid: number, now = new Date()): string {
  return createSiweMessage({
    domain: link.domain,
    address: account.address,
    statement: 'Farcaster Auth',
    uri: link.siweUri,
    version: '1',
    chainId: 10,
    nonce: link.nonce,
    issuedAt: now,
    resources: [`farcaster://fid/${fid}`],
  })
}

/** The relay's answer: its status and JSON body (the completed channel, or `{ error: { code, message } }`). */
export type RelayAnswer = { status: number; body: unknown }

/**
 * Signs in on the channel of `link`: builds and signs the message, posts it to `${relay}/channel/authenticate` (the
 * wallet service's relay is `<service URL>/v1/farcaster`) with the profile the app reports.
 */
export async function signInWithFarcaster(options: {
  relay: string
  link: SignInLink
  account: Pick<LocalAccount, 'address' | 'signMessage'>
  fid: number
  username?: string
  now?: Date
}): Promise<RelayAnswer> {
  const message = signInMessage(options.link, options.account, options.fid, options.now)
  const signature = await options.account.signMessage({ message })
  const response = await fetch(`${options.relay}/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.link.channelToken}` },
    body: JSON.stringify({ message, signature, fid: options.fid, authMethod: 'custody', ...(options.username ? { username: options.username } : {}) }),
  })
  return { status: response.status, body: await response.json().catch(() => undefined) }
}
