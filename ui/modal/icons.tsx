import type { SVGProps } from 'react'

/** Small inline icons of the modal (decorative: aria-hidden, labelled by their buttons). */
type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function Icon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  )
}

const stroke = { stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const

/** ✕ */
export const CloseIcon = (p: IconProps) => <Icon {...p}><path d="M5 5l10 10M15 5 5 15" {...stroke} /></Icon>
/** ← */
export const BackIcon = (p: IconProps) => <Icon {...p}><path d="M12.5 4.5 7 10l5.5 5.5" {...stroke} /></Icon>
/** › */
export const ChevronIcon = (p: IconProps) => <Icon {...p}><path d="M8 5l5 5-5 5" {...stroke} /></Icon>
/** ✓ */
export const CheckIcon = (p: IconProps) => <Icon {...p}><path d="M4.5 10.5 8.2 14l7.3-8" {...stroke} strokeWidth={2} /></Icon>
/** Two overlapping squares. */
export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="7" y="7" width="9.5" height="9.5" rx="2.2" {...stroke} />
    <path d="M13 4.8V4.7A1.7 1.7 0 0 0 11.3 3H5.2A2.2 2.2 0 0 0 3 5.2v6.1A1.7 1.7 0 0 0 4.7 13h.1" {...stroke} />
  </Icon>
)
/** Magnifier. */
export const SearchIcon = (p: IconProps) => <Icon {...p}><circle cx="9" cy="9" r="5.5" {...stroke} /><path d="m13.2 13.2 3.3 3.3" {...stroke} /></Icon>
/** Door with an arrow. */
export const DisconnectIcon = (p: IconProps) => (
  <Icon {...p}><path d="M8 3.5H5.5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2H8M12.5 13.5 16 10l-3.5-3.5M16 10H8" {...stroke} /></Icon>
)
/** Arrow leaving a box. */
export const ExternalIcon = (p: IconProps) => (
  <Icon {...p}><path d="M11 3.5h5.5V9M16.5 3.5 9.5 10.5M14 11.5v3a2 2 0 0 1-2 2H5.5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h3" {...stroke} /></Icon>
)
/** Triangle with '!'. */
export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 3.2 17.3 16H2.7L10 3.2Z" {...stroke} />
    <path d="M10 8.3v3.4M10 13.9v.1" {...stroke} strokeWidth={2} />
  </Icon>
)
/** Circle with '!'. */
export const ErrorIcon = (p: IconProps) => <Icon {...p}><circle cx="10" cy="10" r="7" {...stroke} /><path d="M10 6.5v4M10 13.4v.1" {...stroke} strokeWidth={2} /></Icon>
/** A wallet: the neutral placeholder glyph. */
export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15.5 6.5V5a1.5 1.5 0 0 0-1.5-1.5H5A2 2 0 0 0 3 5.5v9A2 2 0 0 0 5 16.5h10a1.5 1.5 0 0 0 1.5-1.5V8A1.5 1.5 0 0 0 15 6.5H4.5" {...stroke} />
    <circle cx="13.2" cy="11.5" r="1.1" fill="currentColor" />
  </Icon>
)
/** A globe: networks. */
export const NetworkIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="10" cy="10" r="7" {...stroke} /><path d="M3 10h14M10 3c2 2.2 2.8 4.5 2.8 7S12 14.8 10 17c-2-2.2-2.8-4.5-2.8-7S8 5.2 10 3Z" {...stroke} /></Icon>
)
/** A 2×2 grid: all wallets. */
export const PlusIcon = (p: IconProps) => <Icon {...p}><path d="M10 4.5v11M4.5 10h11" {...stroke} /></Icon>

export const GridIcon = (p: IconProps) => (
  <Icon {...p}>
    {[3, 11].flatMap((x) => [3, 11].map((y) => <rect key={`${x}${y}`} x={x} y={y} width="6" height="6" rx="1.8" {...stroke} />))}
  </Icon>
)
/** Arrow down onto a tray (Receive). */
export const ReceiveIcon = (p: IconProps) => (
  <Icon {...p}><path d="M10 3.5v8.5M6.5 8.5 10 12l3.5-3.5M4 13.5v1a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-1" {...stroke} /></Icon>
)
/** Arrow leaving up and to the side (Send). */
/** ⇄: switching between two accounts. */
export const SwitchIcon = (p: IconProps) => <Icon {...p}><path d="M4.5 7.5h11l-3-3M15.5 12.5h-11l3 3" {...stroke} /></Icon>

/** Two arrows, up and down, side by side (Swap). */
export const SwapIcon = (p: IconProps) => <Icon {...p}><path d="M7 15.5v-11M4 7.5l3-3 3 3M13 4.5v11M10 12.5l3 3 3-3" {...stroke} /></Icon>

export const SendIcon = (p: IconProps) => <Icon {...p}><path d="M5.5 14.5 14.5 5.5M7.5 5.5h7v7" {...stroke} /></Icon>
/** A card with a plus (Buy). */
export const BuyIcon = (p: IconProps) => <Icon {...p}><rect x="3" y="5" width="14" height="10" rx="2" {...stroke} /><path d="M3 8.5h14M6.5 12h3" {...stroke} /></Icon>
/** A clock face (Activity). */
export const ActivityIcon = (p: IconProps) => <Icon {...p}><circle cx="10" cy="10" r="6.5" {...stroke} /><path d="M10 6.5V10l2.5 1.5" {...stroke} /></Icon>
/** A name tag (Choose a name). */
export const NameIcon = (p: IconProps) => (
  <Icon {...p}><path d="M3.5 10.6V4.5a1 1 0 0 1 1-1h6.1l5.9 5.9a1 1 0 0 1 0 1.4l-5.2 5.2a1 1 0 0 1-1.4 0z" {...stroke} /><circle cx="7.2" cy="7.2" r="1.2" {...stroke} /></Icon>
)

// Activity's glyphs (docs/behaviour.md, "Activity"): a transaction's direction, and the empty list's clock.
const activityStroke = { fill: 'none', ...stroke } as const

/** A transaction's direction: in, out, to itself, a trade (swap) or an approval. */
export function ActivityDirectionIcon({ direction }: { direction: 'in' | 'out' | 'self' | 'swap' | 'approve' }) {
  return (
    <span className={`activity-icon ${direction}`} aria-hidden="true">
      <svg width={18} height={18} viewBox="0 0 20 20" focusable="false">
        {direction === 'in' ? <path d="M14 6 6 14m0-7v7h7" {...activityStroke} /> : null}
        {direction === 'out' ? <path d="M6 14 14 6m0 7V6H7" {...activityStroke} /> : null}
        {direction === 'swap' ? <path d="M4 7.5h11.5m0 0L12.5 4.5M16 12.5H4.5m0 0 3 3" {...activityStroke} /> : null}
        {direction === 'self' ? <path d="M4.5 8.5a5.5 5.5 0 0 1 10-2.5M15.5 11.5a5.5 5.5 0 0 1-10 2.5M14.5 3v3h-3M5.5 17v-3h3" {...activityStroke} /> : null}
        {direction === 'approve' ? <path d="m5 10.5 3.2 3.2L15 6.5" {...activityStroke} /> : null}
      </svg>
    </span>
  )
}

/** The empty list's clock. */
export function ActivityClockIcon() {
  return (
    <span className="activity-empty-icon" aria-hidden="true">
      <svg width={26} height={26} viewBox="0 0 20 20" focusable="false">
        <circle cx="10" cy="10" r="7" {...activityStroke} />
        <path d="M10 6.5V10l2.5 1.5" {...activityStroke} />
      </svg>
    </span>
  )
}
