import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useLatchConnectButtonState } from '../../hooks/useLatchConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { useLatchBalanceWatch } from '../../hooks/useLatchBalanceWatch'
import { AccountIdentity } from '../Avatar/AccountIdentity'
import { preloadOnIntent } from '../../modal-loader'
import { useLatchTranslate } from '../../i18n/translate'

/** The connected account: balance floored to 3 decimals, picture, profile name or `0x1234…abcd`; opens Account. */
export function AccountButton() {
  const button = useAccountButton()
  return button ? <button {...button.props}>{button.children}</button> : null
}

/**
 * The account button's attributes and content, or undefined while no account is connected. ConnectButton draws them on
 * its own <button>, so one element serves before and after connecting: focus returned to it on close stays on it
 * (docs/react.md, "Accessibility").
 */
export function useAccountButton(): { props: ButtonHTMLAttributes<HTMLButtonElement> & { 'data-theme': string }; children: ReactNode } | undefined {
  const t = useLatchTranslate()
  const { account, openAccountModal } = useLatchConnectButtonState()
  const theme = useThemeMode()
  // docs/behaviour.md, "Balance refresh": the balance shown here is kept fresh while the button is.
  useLatchBalanceWatch('native', account !== undefined)
  if (!account) return undefined
  return {
    props: {
      type: 'button',
      className: `latch-button latch-account${account.displayBalance ? '' : ' latch-account-bare'}`,
      'data-theme': theme,
      lang: t.locale,
      dir: t.dir,
      'aria-haspopup': 'dialog',
      onPointerEnter: preloadOnIntent,
      onFocus: preloadOnIntent,
      'aria-label': account.displayBalance
        ? t('button.accountWithBalance', { name: account.displayName, balance: account.displayBalance })
        : t('button.account', { name: account.displayName }),
      onClick: openAccountModal,
    },
    children: (
      <>
        {account.displayBalance ? <bdi className="latch-account-balance">{account.displayBalance}</bdi> : null}
        <span className="latch-account-id">
          {/* The account's one identity (docs/names.md, "The account's name"), as the modal's views draw it. */}
          <AccountIdentity address={account.address} size={24} />
        </span>
      </>
    ),
  }
}
