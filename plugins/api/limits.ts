/**
 * Bounds on what the provider API hands the wallet list. docs/limits.md, "Wallet list
 * (provider API)", says what happens past each one and why.
 */
import { constants } from '../../kernel/index'

/** Most listings the wallet list holds: 50 pages of 40. The list is complete once it holds them. */
export const maxListings = 2_000
/** The last page the wallet list asks for. */
export const maxPages = maxListings / constants.walletPage
