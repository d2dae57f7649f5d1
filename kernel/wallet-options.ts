/**
 * The checks `createLatch` runs on the wallet-list options and the networks' RPC URLs beyond their
 * schemas (docs/behaviour.md, "Wallet filtering"; docs/networks.md, "RPC URLs"): each returns a
 * developer message naming what is wrong, or undefined.
 */
import * as z from 'zod/mini'
import { isWalletLink, walletLinkKinds, type WalletLinkField } from './rules/wallet-links'
import { walletListingSchema } from './schemas'
import type { CaipNetwork, WalletListing } from './types'

/** The wallet-list options of `createLatch`. */
export const walletListOptionsSchema = {
  excludeWalletIds: z.optional(z.array(z.string())),
  featuredWalletIds: z.optional(z.array(z.string().check(z.minLength(1)))),
  customWallets: z.optional(z.array(walletListingSchema)),
}

/** docs/networks.md, "RPC URLs": every RPC URL must be an absolute http(s) URL. */
export function rpcUrlIssue(networks: readonly CaipNetwork[]): string | undefined {
  for (const network of networks) {
    for (const url of network.rpcUrls.default.http) {
      if (!isHttpUrl(url)) return `network "${network.name}" (${network.caipNetworkId}): RPC URL "${url}" is not an http(s) URL`
    }
  }
  return undefined
}

/** A custom wallet whose id repeats, whose link the modal may not open (docs/behaviour.md, "Wallet links"), or whose image could run code or read local data. */
export function customWalletIssue(wallets: readonly WalletListing[]): string | undefined {
  const ids = new Set<string>()
  for (const [i, wallet] of wallets.entries()) {
    if (ids.has(wallet.id)) return `customWallets[${i}]: the id "${wallet.id}" is used twice`
    ids.add(wallet.id)
    // docs/behaviour.md, "Wallet links": the schema already refused these; checked again for a caller that skipped it.
    for (const field of Object.keys(walletLinkKinds) as WalletLinkField[]) {
      const link = wallet[field]
      if (link && !isWalletLink(link, walletLinkKinds[field])) return `customWallets[${i}].${field}: "${link}" is not a link the modal may open`
    }
    const image = wallet.image_url
    if (image && !isHttpUrl(image) && !/^data:image\//i.test(image)) return `customWallets[${i}].image_url: "${image}" is not an http(s) or data:image URL`
  }
  return undefined
}

function isHttpUrl(value: string): boolean {
  const scheme = schemeOf(value)
  return scheme === 'http:' || scheme === 'https:'
}

function schemeOf(value: string): string | undefined {
  try {
    return new URL(value).protocol.toLowerCase()
  } catch {
    return undefined
  }
}
