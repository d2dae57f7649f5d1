import type { ComponentType } from 'react'
import type { ViewName } from '../kernel/index'
import type { MessageId } from './i18n/messages'

/** A text of an add-on: a message id of the catalogue (shown in the visitor's language, docs/i18n.md), or text shown as written. */
export type AddonText = MessageId | (string & {})

/** docs/react.md, "Add-ons": the wallet feature order of the Account view. */
export const walletFeatureOrder = ['onramp', 'swaps', 'receive', 'send'] as const
/** One of wallet features (docs/react.md, "Add-ons"). */
export type WalletFeature = (typeof walletFeatureOrder)[number]

/** docs/react.md, "Add-ons": the default connect-method order of the Connect view. */
export const connectMethodOrder = ['wallet', 'email', 'social'] as const
/** One of connect methods (docs/react.md, "Add-ons"). */
export type ConnectMethod = (typeof connectMethodOrder)[number]

/** A lazily loaded component (a dynamic `import()` of a module with a default export). */
export type LazyComponent = () => Promise<{ default: ComponentType }>

/** A wallet feature (send, swaps, …): a button on Account that opens `view`, whose component loads on first use. */
export type FeatureAddon = {
  kind: 'feature'
  feature: WalletFeature
  label: AddonText
  view: ViewName
  /** Header title of the view. */
  title: AddonText
  icon?: ComponentType
  load: LazyComponent
}

/** A connect method (e-mail, social) drawn in its docs/react.md, "Add-ons" slot of the Connect view. */
export type ConnectMethodAddon = { kind: 'connectMethod'; method: Exclude<ConnectMethod, 'wallet'>; load: LazyComponent }

/** A view drawn by a plugin (e.g. a wallet-connect QR for ConnectingWalletConnect); it replaces a built-in one. */
export type ViewAddon = { kind: 'view'; view: ViewName; title: AddonText; load: LazyComponent }

/** A UI add-on that a plugin ships and the integrator passes to `<LatchProvider addons={[…]}>`. */
export type LatchAddon = FeatureAddon | ConnectMethodAddon | ViewAddon

/** Declares a UI add-on (identity function, for typing). */
export function defineAddon<const A extends LatchAddon>(addon: A): A {
  return addon
}
