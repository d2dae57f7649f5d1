import { useState } from 'react'
import {
  disconnect,
  modalClosed,
  routerPushed,
  selectActiveNetwork,
  selectAddress,
  selectConfiguredNamespaces,
  toastRequested,
  toLatchError,
  errorToast,
  type Latch,
  type State,
} from '../../../../kernel/index'
import { walletFeatureOrder, type FeatureAddon } from '../../../addons'
import { Avatar } from '../../../components/Avatar/Avatar'
import { useLatchContext } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { useBalanceWatch } from '../../../hooks/useBalanceWatch'
import { displayBalance, displayName } from '../../../utils/format'
import { shallowEqual } from '../../../utils/shallowEqual'
import { CheckIcon, CopyIcon, DisconnectIcon, ExternalIcon, NetworkIcon, WalletIcon } from '../../icons'
import { NetworkImage } from '../Networks/NetworkImage'
import { ListRow } from '../../WalletRow/WalletRow'
import { useT } from '../../../i18n/translate'

/** What the Account view shows of the active family's account. */
export function selectAccountView(state: State) {
  const ns = state.activeNamespace
  const account = ns ? state.chains[ns].account : undefined
  return {
    address: selectAddress(state),
    profileName: account?.profileName,
    profileImage: account?.profileImage,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    balanceLoading: account?.balanceLoading ?? false,
    network: selectActiveNetwork(state),
    explorerUrl: account?.addressExplorerUrl,
  }
}

const selectFeatures = (state: State) => state.options.features

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
  const t = useT()
  const account = useLatch(selectAccountView, shallowEqual)
  const features = useLatch(selectFeatures)
  const walletCount = useLatch(selectWalletCount)
  // docs/behaviour.md, "Balance refresh": the balance shown here is kept fresh while the view is.
  useBalanceWatch('native')
  if (!account.address) return <p className="subtle center">{t('account.none')}</p>
  const { address } = account
  const balance = displayBalance(account.balance, account.balanceSymbol, t.locale)
  const featureAddons = walletFeatureOrder.flatMap((feature) =>
    addons.filter((a): a is FeatureAddon => a.kind === 'feature' && a.feature === feature && features[feature] !== false),
  )
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
        {featureAddons.map((addon) => {
          const Icon = addon.icon
          return (
            <li key={addon.feature}>
              <ListRow
                icon={<span className="row-icon">{Icon ? <Icon /> : null}</span>}
                name={t.text({ messageId: addon.label, message: addon.label })}
                chevron
                onClick={() => latch.dispatch(routerPushed({ view: { name: addon.view } }))}
              />
            </li>
          )
        })}
        {explorer ? (
          <li>
            <a className="row" href={explorer} target="_blank" rel="noopener noreferrer">
              <span className="row-icon"><ExternalIcon /></span>
              <span className="row-name">{t('account.explorer')}</span>
            </a>
          </li>
        ) : null}
        <li>
          <LeaveRow label={t('common.disconnect')} />
        </li>
      </ul>
    </div>
  )
}

/** The row that disconnects every family and closes the modal: 'Disconnecting…' while it runs. */
export function LeaveRow({ label }: { label: string }) {
  const { latch } = useLatchContext()
  const t = useT()
  const [leaving, setLeaving] = useState(false)
  return (
    <button
      type="button"
      className="row"
      data-tone="danger"
      aria-busy={leaving || undefined}
      disabled={leaving}
      onClick={() => {
        setLeaving(true)
        void leave(latch).finally(() => setLeaving(false))
      }}
    >
      <span className="row-icon"><DisconnectIcon /></span>
      <span className="row-name">{leaving ? t('common.disconnecting') : label}</span>
    </button>
  )
}

/** The tick that marks the current row (the active network, the active account), named for screen readers. */
export function CurrentMark({ label }: { label: string }) {
  return (
    <span className="row-check" aria-label={label}>
      <CheckIcon size={18} />
    </span>
  )
}

function explorerLink(base: string | undefined, address: string): string | undefined {
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}

/** Copies the address and confirms with a 'Copied' toast (an error toast when the clipboard refuses). */
export async function copyAddress(latch: Latch, address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address)
    latch.dispatch(toastRequested({ toast: { message: 'Copied', messageId: 'account.copied', variant: 'success' } }))
  } catch {
    latch.dispatch(toastRequested({ toast: { message: 'Could not copy the address', messageId: 'account.copyFailed', variant: 'error' } }))
  }
}

/** Disconnects every connected family, then closes the modal; a failure shows 'Failed to disconnect' (docs/errors.md). */
export async function leave(latch: Latch): Promise<void> {
  try {
    await disconnect(latch)
    latch.dispatch(modalClosed({}))
  } catch (error) {
    latch.dispatch(toastRequested({ toast: errorToast(toLatchError(error, 'DISCONNECT_FAILED')) }))
  }
}
