/**
 * docs/siwx.md, "Checking a message": what a signed sign-in message must say before its signature is worth checking —
 * the dapp's own domain and URI, the network, the nonce it handed out, and a validity window that holds now.
 */
import type { ChainNamespace } from '../../kernel/index'
import type { SiwxFields } from './message'

/** What the dapp expects of a message: its own domain and origin, the network signed in to, the nonce it issued, and now. */
export type SiwxExpectation = {
  ns: ChainNamespace
  domain: string
  /** The URI must start with this origin (`https://example.com`); default: any URI on `domain`. */
  origin?: string
  chainId: string
  /** The nonce the dapp (or its server) issued for this sign-in; a message with another is a replay. */
  nonce?: string
  /** Milliseconds since the epoch. */
  now: number
  /** How far clocks may disagree, in ms (default 60,000): an issued-at up to this far ahead is still accepted. */
  clockSkew?: number
}

/** Why a message is refused, for the developer (`SiwxRefusal.detail` says more). */
export type SiwxRefusalReason = 'family' | 'domain' | 'uri' | 'chain' | 'nonce' | 'expired' | 'not-yet-valid' | 'issued-in-future'

export type SiwxRefusal = { reason: SiwxRefusalReason; detail: string }

/** The first reason to refuse `fields` signed for family `ns`, or undefined when the message says what the dapp expects. */
export function refuseSignIn(ns: ChainNamespace, fields: SiwxFields, expected: SiwxExpectation): SiwxRefusal | undefined {
  const skew = expected.clockSkew ?? 60_000
  if (ns !== expected.ns) return { reason: 'family', detail: `signed for ${ns}, expected ${expected.ns}` }
  if (fields.domain.toLowerCase() !== expected.domain.toLowerCase()) return { reason: 'domain', detail: `domain ${fields.domain}, expected ${expected.domain}` }
  const uriHost = hostOf(fields.uri)
  if (expected.origin ? !startsWithOrigin(fields.uri, expected.origin) : uriHost !== undefined && uriHost !== expected.domain.toLowerCase()) {
    return { reason: 'uri', detail: `URI ${fields.uri} is not on ${expected.origin ?? expected.domain}` }
  }
  if (fields.chainId !== expected.chainId) return { reason: 'chain', detail: `chain ${fields.chainId}, expected ${expected.chainId}` }
  if (expected.nonce !== undefined && fields.nonce !== expected.nonce) return { reason: 'nonce', detail: 'the nonce is not the one issued for this sign-in' }
  if (Date.parse(fields.issuedAt) > expected.now + skew) return { reason: 'issued-in-future', detail: `issued at ${fields.issuedAt}` }
  if (fields.expirationTime !== undefined && Date.parse(fields.expirationTime) <= expected.now) return { reason: 'expired', detail: `expired at ${fields.expirationTime}` }
  if (fields.notBefore !== undefined && Date.parse(fields.notBefore) > expected.now) return { reason: 'not-yet-valid', detail: `valid from ${fields.notBefore}` }
  return undefined
}

/** The host (with its port, lower case) of an http(s) URI; undefined for a URI of another scheme. */
function hostOf(uri: string): string | undefined {
  try {
    const url = new URL(uri)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/** True when `uri` is `origin` itself or a path under it (never `https://example.com.evil.org`). */
function startsWithOrigin(uri: string, origin: string): boolean {
  const base = origin.replace(/\/+$/, '')
  return uri === base || uri.startsWith(`${base}/`) || uri.startsWith(`${base}?`) || uri.startsWith(`${base}#`)
}
