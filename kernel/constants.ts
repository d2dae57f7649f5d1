/** business constants (docs/behaviour.md, "Numbers"), in milliseconds where they are durations. */
export const constants = {
  emailLoginCooldown: 30_000,
  tokenBalanceRetryBlock: 30_000,
  frameLoadTimeout: 20_000,
  loginRequestTimeout: 120_000,
  frameReadyDelay: 500,
  signOutWait: 3_000,
  emailDisplayMax: 30,
  recommendedWallets: 4,
  walletPage: 40,
  walletSearchEntries: 100,
  /** The longest wallet search query, as long as the longest listing name (docs/limits.md). */
  walletSearchQueryMax: 120,
  searchPreloadImages: 20,
  searchWait: 300,
  imagePreloadTimeout: 2_000,
  debounce: 500,
  pendingTransactionsLimit: 99,
  pairingExpiry: 4 * 60_000,
  expiredThreshold: 10_000,
  retryInterval: 1_000,
  recentWalletsMax: 2,
  toastReplaceDelay: 150,
  /** long enough to read a one-line toast. */
  toastAutoClose: 2_200,
  rpcTimeout: 10_000,
  /** docs/networks.md, "Several RPC URLs": how a network's RPC URLs are ranked and batched. */
  rpcFallback: { pollingInterval: 4_000, sampleCount: 10, weights: { stability: 0.7, latency: 0.3 }, batchSize: 1_000 },
  /** how often a shown balance is read again while the page is visible (docs/behaviour.md, "Balance refresh"). */
  balancePollingInterval: 4_000,
  /** how long a wallet prompt (connect, sign, send, switch) may stay unanswered. */
  walletPromptTimeout: 5 * 60_000,
  /**
   * how long `latch.request()` waits for an answer by default. Longer than
   * walletPromptTimeout, so a wallet prompt always fails first, with its own error.
   */
  requestTimeout: 6 * 60_000,
  /** no family waits longer than this to reconnect after a reload. */
  reconnectDeadline: 30_000,
  heartbeatInterval: 5_000,
  errorReportsPerWindow: 5,
  errorReportWindow: 60_000,
  cacheExpiry: { portfolio: 30_000, balance: 30_000, names: 300_000, identity: 300_000 },
  decimals: { eip155: 18, solana: 9, bip122: 8 },
  defaultCaipNetworkId: 'eip155:1',
} as const

/** The `sv` query value of docs/behaviour.md, "Provider API": Latch's version, kept equal to package.json's by a test. */
export const sdkVersion = 'latch-0.1.0'

/** docs/behaviour.md, "Options and defaults": feature defaults. */
export const defaultFeatures = {
  receive: true,
  send: true,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false,
} as const
