/**
 * The wallet-list query of docs/behaviour.md, "All Wallets"'s GET /getWallets, as a pure function over a list of
 * listings: filters (include, exclude, chains, search), then one page.
 */
import type { WalletListing } from '../../kernel/types'

/** /getWallets query parameters, parsed. */
export type WalletQuery = {
  /** 1-based page number. */
  page: number
  /** Listings per page. */
  entries: number
  /** Case-insensitive substring of the name (trimmed; empty means no search). */
  search?: string
  /** Only these ids (when given). */
  include?: readonly string[]
  /** Never these ids. */
  exclude?: readonly string[]
  /** CAIP-2 ids or bare chain families (`eip155`): keep wallets listing at least one chain they name. */
  chains?: readonly string[]
}

/** Largest page size the server accepts (docs/behaviour.md, "All Wallets": searches ask for 100). */
export const maxEntries = 100

/** Parses /getWallets query parameters; returns an error message for a malformed page or entries. */
export function parseWalletQuery(params: URLSearchParams): WalletQuery | { error: string } {
  const page = positiveInt(params.get('page'), 1)
  const entries = positiveInt(params.get('entries'), 40)
  if (page === undefined) return { error: 'page must be a positive integer' }
  if (entries === undefined || entries > maxEntries) return { error: `entries must be an integer from 1 to ${maxEntries}` }
  return {
    page,
    entries,
    search: params.get('search')?.trim() || undefined,
    include: list(params.get('include')),
    exclude: list(params.get('exclude')),
    chains: list(params.get('chains')),
  }
}

/** The page of `wallets` a query selects, and how many listings match in all. */
export function queryWallets(wallets: readonly WalletListing[], query: WalletQuery): { data: WalletListing[]; count: number } {
  const search = query.search?.toLowerCase()
  const matching = wallets.filter(
    (wallet) =>
      (!query.include || query.include.includes(wallet.id)) &&
      !query.exclude?.includes(wallet.id) &&
      (!query.chains || (wallet.chains ?? []).some((chain) => query.chains!.some((wanted) => chainMatches(chain, wanted)))) &&
      (!search || wallet.name.toLowerCase().includes(search)),
  )
  const start = (query.page - 1) * query.entries
  return { data: matching.slice(start, start + query.entries), count: matching.length }
}

/** A listing's CAIP-2 chain matches a wanted CAIP-2 id exactly, or a wanted family by its namespace (case-insensitive). */
export function chainMatches(chain: string, wanted: string): boolean {
  if (wanted.includes(':')) return chain === wanted
  return chain.split(':', 1)[0]!.toLowerCase() === wanted.toLowerCase()
}

function positiveInt(value: string | null, fallback: number): number | undefined {
  if (value === null || value === '') return fallback
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined
}

function list(value: string | null): string[] | undefined {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean)
  return items && items.length > 0 ? items : undefined
}
