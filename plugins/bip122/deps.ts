import type { EffectContext } from '../../kernel/index'
import type { Registry } from './registry'
import type { WalletRequests } from './requests'
import type { Purpose } from './wallet-types'

/** The plugin's options, checked. */
export type Settings = {
  purposes: readonly Purpose[]
  api?: { baseUrl: string; projectId?: string }
  esplora: Readonly<Record<string, string>>
}

/** What the plugin's effects share within one kernel. */
export type Deps = {
  ctx: EffectContext
  registry: Registry
  requests: WalletRequests
  settings: Settings
  /** Reads the balance again, past the cache (after a transfer the plugin sent). */
  refreshBalance(): void
}
