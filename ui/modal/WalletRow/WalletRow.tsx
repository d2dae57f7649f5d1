import type { ReactNode } from 'react'
import { ChevronIcon } from '../icons'
import { WalletImage } from '../WalletIcon/WalletIcon'

const tagLabels = { installed: 'Installed', recent: 'Recent', qr: 'QR code' } as const
/** How a tag reads after the wallet's name in its accessible name ("MetaMask, installed"). */
const tagNames = { installed: 'installed', recent: 'recent', qr: 'QR code' } as const

/** A row of a list: icon, name, optional tag, as one button. */
export function ListRow({
  icon,
  name,
  tag,
  tone = 'accent',
  chevron,
  onClick,
  current,
  ...rest
}: {
  icon: ReactNode
  name: ReactNode
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
      <span className="row-name">{name}</span>
      {/* A space in the DOM (collapsed between flex items): the text reads "MetaMask Installed", not "MetaMaskInstalled". */}
      {tag ? ' ' : null}
      {tag ? (
        <span className="tag" data-tone={tone}>
          {tag}
        </span>
      ) : null}
      {chevron ? <ChevronIcon className="row-chevron" size={16} /> : null}
    </button>
  )
}

/** A wallet row: the wallet's icon (or placeholder), its name, and an 'Installed' / 'Recent' tag; named "MetaMask, installed". */
export function WalletRowButton({
  name,
  imageUrl,
  tag,
  onClick,
}: {
  name: string
  imageUrl?: string
  tag?: keyof typeof tagLabels
  onClick(): void
}) {
  return (
    <ListRow
      icon={<WalletImage src={imageUrl} size={40} />}
      name={name}
      tag={tag ? tagLabels[tag] : undefined}
      tone={tag === 'installed' ? 'accent' : 'neutral'}
      aria-label={tag ? `${name}, ${tagNames[tag]}` : undefined}
      onClick={onClick}
    />
  )
}
