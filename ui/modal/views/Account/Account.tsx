import {
  errorToast,
  routerPushed,
  selectActiveNetwork,
  selectAddress,
  selectConfiguredNamespaces,
  toastRequested,
  type ChainNamespace,
  type State,
  type ViewName,
} from '../../../../kernel/index'
import { defaultAuthConnectorId, sameAddress } from '../../../../kernel/rules/connections'
import { planConnectionSwitch } from '../../../../kernel/rules/connection-switch'
import { cutEmailForDisplay } from '../../../../kernel/rules/display'
import { walletFeatureOrder, type FeatureAddon, type LatchAddon } from '../../../addons'
import { Avatar } from '../../../components/Avatar/Avatar'
import { selectAccountIdentity } from '../../../components/Avatar/AccountIdentity'
import { useLatchContext } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { useLatchBalanceWatch } from '../../../hooks/useLatchBalanceWatch'
import { displayBalance, displayName } from '../../../utils/format'
import { shallowEqual } from '../../../utils/shallowEqual'
import { ActivityIcon, BuyIcon, CopyIcon, ExternalIcon, NameIcon, NetworkIcon, ReceiveIcon, SendIcon, SwapIcon, SwitchIcon, WalletIcon } from '../../icons'
import { builtinViews } from '../../Router/lazy-views'
import { copyAddress } from '../../parts/account-actions'
import { LeaveRow } from '../../parts/rows'
import type { MessageId } from '../../../i18n/messages'
import { NetworkImage } from '../Networks/NetworkImage'
import { ListRow } from '../../WalletRow/WalletRow'
import { useLatchTranslate } from '../../../i18n/translate'

/** What the Account view shows of the active family's account. */
export function selectAccountView(state: State) {
  const ns = state.activeNamespace
  const account = ns ? state.chains[ns].account : undefined
  const address = selectAddress(state)
  // The account's one identity, as the account button, the sign-in view and Send draw it (docs/names.md, "The account's name").
  const identity = selectAccountIdentity(state, ns, address)
  return {
    address,
    profileName: identity.name,
    profileImage: identity.image,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    balanceLoading: account?.balanceLoading ?? false,
    network: selectActiveNetwork(state),
    explorerUrl: account?.addressExplorerUrl,
  }
}

const selectFeatures = (state: State) => state.options.features

/**
 * The login e-mail of the embedded wallet's account, when the active family is connected through it (the AUTH
 * connector) and its view is registered: Account then offers to change it (docs/embedded-wallet.md, "Changing the
 * e-mail"). The plugin's slice is read as plain state.
 */
export function selectLoginEmail(state: State, registered: ReadonlySet<ViewName> = builtinViews): string | undefined {
  const ns = state.activeNamespace
  if (!ns || state.chains[ns].connectorId !== defaultAuthConnectorId || !registered.has('UpdateEmailWallet')) return undefined
  return (state as { embedded?: { user?: { email?: string } } }).embedded?.user?.email
}
const selectNamespace = (state: State) => state.activeNamespace

type EvmAccountType = 'eoa' | 'smartAccount'
/** The active EVM account's type, and the other type the view offers to switch to (none when it offers none). */
export type AccountTypeView = { type: EvmAccountType; offer?: EvmAccountType; switching: boolean }

/**
 * docs/embedded-wallet.md, "Account types": the active EVM account's type when its connection says it (the embedded
 * wallet's smart account or EOA), and the switch to the other one, offered only for the embedded wallet on a network of
 * the smart-account list, as `planConnectionSwitch` plans it (the chosen address is the smart account's and the network
 * has smart accounts: a smart account; else the EOA). The plugin's slice is read as plain state.
 */
export function selectAccountType(state: State): AccountTypeView | undefined {
  if (state.activeNamespace !== 'eip155') return undefined
  const chain = state.chains.eip155
  const address = selectAddress(state, 'eip155')
  const accounts = chain.account.allAccounts
  const type = address ? accounts.find((account) => sameAddress(account.address, address))?.type : undefined
  if (!address || (type !== 'eoa' && type !== 'smartAccount')) return undefined
  const switching = (state as { embedded?: { accountTypeSwitch?: EvmAccountType } }).embedded?.accountTypeSwitch !== undefined
  const network = chain.network.caipNetwork
  const usable = network !== undefined && chain.network.smartAccountEnabledNetworks.includes(Number(network.id))
  const target = accounts.find((account) => account.type === (type === 'eoa' ? 'smartAccount' : 'eoa'))
  if (chain.connectorId !== defaultAuthConnectorId || !usable || !target) return { type, switching }
  const smart = accounts.find((account) => account.type === 'smartAccount')
  const plan = planConnectionSwitch({
    family: { connectorId: chain.connectorId, connections: state.connection.connections.eip155 },
    activeAddress: address,
    connectorId: defaultAuthConnectorId,
    connectorType: 'AUTH',
    address: target.address,
    ...(smart ? { smartAccountAddress: smart.address } : {}),
    smartAccountsUsable: usable,
  })
  const offer = plan.kind === 'reconnect' && plan.preferredAccountType !== type ? plan.preferredAccountType : undefined
  return offer ? { type, offer, switching } : { type, switching }
}

/** A wallet feature row of the Account view: an integrator's add-on, or one Latch draws itself. */
export type FeatureRow = { key: string; view: ViewName; addon?: FeatureAddon; builtin?: { label: MessageId; icon: 'onramp' | 'swaps' | 'receive' | 'send' | 'activity' } }

/** The families each built-in row is offered for (docs/behaviour.md, "Account features"). */
const builtinFeatures = {
  onramp: { view: 'OnRamp', label: 'view.OnRamp', families: ['eip155'] },
  swaps: { view: 'Swap', label: 'view.Swap', families: ['eip155'] },
  receive: { view: 'Receive', label: 'view.Receive', families: ['eip155', 'solana', 'bip122'] },
  send: { view: 'Send', label: 'view.Send', families: ['eip155', 'solana'] },
} as const satisfies Partial<Record<FeatureAddon['feature'], { view: ViewName; label: MessageId; families: readonly ChainNamespace[] }>>

/**
 * docs/behaviour.md, "Account features": in the wallet feature order, an enabled feature's add-on, else Latch's own row
 * where the family has one and its view is registered; then Activity for EVM accounts. Swap is Latch's own only when the
 * swap plugin is registered (`plugins.swaps`: its `swap` slice is in the state).
 */
export function featureRows(
  ns: ChainNamespace | undefined,
  features: Readonly<Record<string, boolean>>,
  addons: readonly LatchAddon[],
  registered: ReadonlySet<ViewName> = builtinViews,
  /** The features a registered plugin provides (`onramp` with the onramp plugin, `swaps` with the swap plugin): Latch's own row needs it. */
  plugins: { readonly onramp?: boolean; readonly swaps?: boolean } = {},
): FeatureRow[] {
  const rows = walletFeatureOrder.flatMap((feature): FeatureRow[] => {
    if (features[feature] === false) return []
    const addon = addons.find((a): a is FeatureAddon => a.kind === 'feature' && a.feature === feature)
    if (addon) return [{ key: feature, view: addon.view, addon }]
    if (feature !== 'receive' && feature !== 'send' && !((feature === 'swaps' || feature === 'onramp') && plugins[feature])) return []
    const own = builtinFeatures[feature]
    if (!ns || !(own.families as readonly string[]).includes(ns) || !registered.has(own.view)) return []
    return [{ key: feature, view: own.view, builtin: { label: own.label, icon: feature } }]
  })
  if (ns === 'eip155' && registered.has('Activity')) rows.push({ key: 'activity', view: 'Activity', builtin: { label: 'view.Activity', icon: 'activity' } })
  return rows
}

const builtinIcons = { onramp: BuyIcon, swaps: SwapIcon, receive: ReceiveIcon, send: SendIcon, activity: ActivityIcon }

/** Which features a registered plugin provides: its slice is in the state (read as plain state: the view carries none of its code). */
const selectPlugins = (state: State) => ({ onramp: (state as { onramp?: unknown }).onramp !== undefined, swaps: (state as { swap?: unknown }).swap !== undefined })

/**
 * docs/names.md, "Choosing a name": 'Choose a name' shows for an EVM account that holds no name in the dapp's zone, when
 * the api plugin has the name service (its `names` slice, read as plain state: docs/react.md, "The modal's lazy chunk").
 */
export function selectOffersName(state: State, registered: ReadonlySet<ViewName> = builtinViews): boolean {
  const names = (state as { names?: { owned: Record<string, readonly string[]> } }).names
  const caipAddress = state.chains.eip155.account.caipAddress
  if (!names || state.activeNamespace !== 'eip155' || !caipAddress || !registered.has('RegisterAccountName')) return false
  return (names.owned[caipAddress.toLowerCase()] ?? []).length === 0
}

/**
 * How many wallets are connected across families, or -1 when the Wallets row has nothing to add: one family
 * configured and one connection (docs/behaviour.md, "Several connections").
 */
export function selectWalletCount(state: State): number {
  const count = Object.values(state.connection.connections).reduce((sum, list) => sum + list.length, 0)
  return selectConfiguredNamespaces(state).length > 1 || count > 1 ? count : -1
}

/** docs/behaviour.md, "Views" Account: address with copy, profile name, balance (3 decimals), network, wallet features, Disconnect. */
export default function Account() {
  const { latch, addons } = useLatchContext()
  const t = useLatchTranslate()
  const account = useLatch(selectAccountView, shallowEqual)
  const features = useLatch(selectFeatures)
  const walletCount = useLatch(selectWalletCount)
  const ns = useLatch(selectNamespace)
  const offersName = useLatch(selectOffersName)
  const loginEmail = useLatch(selectLoginEmail)
  const accountType = useLatch(selectAccountType, shallowEqual)
  const plugins = useLatch(selectPlugins, shallowEqual)
  // docs/behaviour.md, "Balance refresh": the balance shown here is kept fresh while the view is.
  useLatchBalanceWatch('native')
  if (!account.address) return <p className="subtle center">{t('account.none')}</p>
  const { address } = account
  const balance = displayBalance(account.balance, account.balanceSymbol, t.locale)
  const rows = featureRows(ns, features, addons, builtinViews, plugins)
  const explorer = account.explorerUrl ?? explorerLink(account.network?.blockExplorers?.default.url, address)
  return (
    <div className="account">
      <div className="account-head">
        <Avatar address={address} image={account.profileImage} size={72} className="account-avatar" />
        <div className="account-name">
          <bdi title={address}>{displayName(address, account.profileName)}</bdi>
          <button type="button" className="icon-button small" aria-label={t('account.copy')} onClick={() => void copyAddress(latch, address)}>
            <CopyIcon size={16} />
          </button>
        </div>
        {account.profileName ? <div className="account-address subtle"><bdi>{displayName(address)}</bdi></div> : null}
        {accountType ? (
          <span className="tag account-type" data-tone="neutral" title={t('account.type')}>
            {t(accountType.type === 'smartAccount' ? 'account.typeSmart' : 'account.typeEoa')}
          </span>
        ) : null}
        {balance ? (
          <div className="account-balance"><bdi>{balance}</bdi></div>
        ) : account.balanceLoading ? (
          <div className="account-balance skeleton" aria-label={t('account.loadingBalance')} />
        ) : null}
      </div>
      <ul className="list">
        {account.network ? (
          <li>
            <ListRow
              icon={<NetworkImage network={account.network} size={40} />}
              name={account.network.name}
              tag={t('account.network')}
              tone="neutral"
              chevron
              onClick={() => latch.dispatch(routerPushed({ view: { name: 'Networks' } }))}
            />
          </li>
        ) : (
          <li>
            <ListRow
              icon={<span className="row-icon"><NetworkIcon /></span>}
              name={t('account.chooseNetwork')}
              chevron
              onClick={() => latch.dispatch(routerPushed({ view: { name: 'Networks' } }))}
            />
          </li>
        )}
        {accountType?.offer ? (
          <li data-feature="account-type">
            {/* The embedded plugin's intent, named as data: the view carries none of the plugin's code (its slice is read the same way). */}
            <button
              type="button"
              className="row"
              aria-disabled={accountType.switching || undefined}
              aria-busy={accountType.switching || undefined}
              onClick={() => {
                if (accountType.switching || !accountType.offer) return
                latch
                  .request({ type: 'embedded/accountTypeRequested', payload: { ns: 'eip155', type: accountType.offer } })
                  .catch((error: unknown) => latch.dispatch(toastRequested({ toast: errorToast(error) })))
              }}
            >
              <span className="row-icon"><SwitchIcon /></span>
              <span className="row-name" dir="auto">
                {t(accountType.switching ? 'account.switchingType' : accountType.offer === 'eoa' ? 'account.switchToEoa' : 'account.switchToSmart')}
              </span>
            </button>
          </li>
        ) : null}
        {walletCount >= 0 ? (
          <li>
            <ListRow
              icon={<span className="row-icon"><WalletIcon /></span>}
              name={t('account.wallets')}
              tag={new Intl.NumberFormat(t.locale).format(walletCount)}
              tone="neutral"
              chevron
              onClick={() => latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } }))}
            />
          </li>
        ) : null}
        {loginEmail ? (
          <li data-feature="email">
            <ListRow
              icon={<span className="row-icon"><NameIcon /></span>}
              name={t('email.updateRow')}
              sub={<bdi>{cutEmailForDisplay(loginEmail)}</bdi>}
              chevron
              onClick={() => latch.dispatch(routerPushed({ view: { name: 'UpdateEmailWallet' } }))}
            />
          </li>
        ) : null}
        {rows.map((row) => {
          const Icon = row.addon ? row.addon.icon : row.builtin ? builtinIcons[row.builtin.icon] : undefined
          const label = row.addon ? t.text({ messageId: row.addon.label, message: row.addon.label }) : row.builtin ? t(row.builtin.label) : row.view
          return (
            <li key={row.key} data-feature={row.key}>
              <ListRow
                icon={<span className="row-icon">{Icon ? <Icon /> : null}</span>}
                name={label}
                chevron
                onClick={() => latch.dispatch(routerPushed({ view: { name: row.view } }))}
              />
            </li>
          )
        })}
        {offersName ? (
          <li data-feature="name">
            <ListRow
              icon={<span className="row-icon"><NameIcon /></span>}
              name={t('names.row')}
              chevron
              onClick={() => latch.dispatch(routerPushed({ view: { name: 'RegisterAccountName' } }))}
            />
          </li>
        ) : null}
        {explorer ? (
          <li>
            <a className="row" href={explorer} target="_blank" rel="noopener noreferrer">
              <span className="row-icon"><ExternalIcon /></span>
              <span className="row-name">{t('account.explorer')}</span>
            </a>
          </li>
        ) : null}
        {/* docs/behaviour.md, "Views" Account: Disconnect stays in sight at the sheet's foot while the rows above it scroll. */}
        <li className="account-leave">
          <LeaveRow label={t('common.disconnect')} />
        </li>
      </ul>
    </div>
  )
}

function explorerLink(base: string | undefined, address: string): string | undefined {
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}
