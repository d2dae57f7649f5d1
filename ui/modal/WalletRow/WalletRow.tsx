import type { ReactNode } from 'react'
import { ChevronIcon } from '../icons'
import { WalletImage } from '../WalletIcon/WalletIcon'

import { useLatchTranslate } from '../../i18n/translate'

const tagLabels = { installed: 'wallet.installed', recent: 'wallet.recent', qr: 'wallet.qr' } as const
/** The accessible name of a tagged wallet ("MetaMask, installed"). */
const tagNames = { installed: 'wallet.labelInstalled', recent: 'wallet.labelRecent', qr: 'wallet.labelQr' } as const

/** A row of a list: icon, name, optional tag, as one button. */
export function ListRow({
  icon,
  name,
  sub,
  tag,
  tone = 'accent',
  chevron,
  onClick,
  current,
  ...rest
}: {
  icon: ReactNode
  name: ReactNode
  /** A second line under the name (smaller, secondary). */
  sub?: ReactNode
  tag?: ReactNode
  tone?: 'accent' | 'neutral' | 'success'
  chevron?: boolean
  current?: boolean
  onClick(): void
  'data-autofocus'?: boolean
  /** The accessible name, when the visible name and tag do not read well together ("All Wallets 30+"). */
  'aria-label'?: string
}) {
  return (
    <button type="button" className="row" onClick={onClick} aria-current={current || undefined} {...rest}>
      {icon}
      {/* dir="auto": a wallet's or network's name keeps its own direction, and is cut at its own end. */}
      {sub ? (
        <span className="row-text">
          <span className="row-name" dir="auto">
            {name}
          </span>
          <span className="row-sub">{sub}</span>
        </span>
      ) : (
        <span className="row-name" dir="auto">
          {name}
        </span>
      )}
      {/* A space in the DOM (collapsed between flex items): the text reads "MetaMask Installed", not "MetaMaskInstalled". */}
      {tag ? ' ' : null}
      {tag ? (
        <span className="tag" data-tone={tone}>
          {tag}
        </span>
      ) : null}
      {chevron ? <ChevronIcon className="row-chevron mirror" size={16} /> : null}
    </button>
  )
}

/** A wallet row: the wallet's icon (or placeholder), its name, and an 'Installed' / 'Recent' tag; named "MetaMask, installed". */
export function WalletRowButton({
  name,
  imageUrl,
  tag,
  families,
  onClick,
}: {
  name: string
  imageUrl?: string
  tag?: keyof typeof tagLabels
  /** The chain families it serves, as shown ('EVM · Solana'), for a wallet of several. */
  families?: string
  onClick(): void
}) {
  const t = useLatchTranslate()
  const label = tag ? t(tagNames[tag], { name }) : undefined
  return (
    <ListRow
      icon={<WalletImage src={imageUrl} size={40} />}
      name={name}
      sub={families}
      tag={tag ? t(tagLabels[tag]) : undefined}
      tone={tag === 'installed' ? 'accent' : 'neutral'}
      // With the families shown, the name is read from what is shown ('Phantom EVM · Solana Installed'): a label of
      // other words would not contain the visible text (WCAG 2.5.3).
      aria-label={families ? undefined : label}
      onClick={onClick}
    />
  )
}
