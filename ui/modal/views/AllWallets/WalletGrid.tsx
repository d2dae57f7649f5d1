import { useLayoutEffect, useRef, useState } from 'react'
import type { WalletRow } from '../Connect/walletRows'
import { CheckIcon, WalletImage, useLatchTranslate } from '../kit'

/** Tiles to a grid row; a row is as tall as a tile (12 + 52 + 8 + 16.8 + 10 px), then an 8 px gap. */
const columns = 4
const rowHeight = 98.8
const pitch = rowHeight + 8
/** Rows kept in the DOM beyond each edge of the view. */
const overscan = 2

/**
 * The wallet grid, virtualised: every row keeps its place (the grid has all its rows, each tile is placed
 * in its own), but only the rows in view of the scrolling `.body`, `overscan` more on each side, and the
 * rows around the focused tile (so Tab and Shift+Tab always find the next one) are in the DOM.
 */
export function WalletGrid({ rows, label, busy, onSelect }: { rows: readonly WalletRow[]; label: string; busy: boolean; onSelect(row: WalletRow): void }) {
  const grid = useRef<HTMLUListElement>(null)
  const [top, setTop] = useState(0) // the row at the top of the view
  const [height, setHeight] = useState(8) // rows the view holds
  const [focus, setFocus] = useState(NaN) // the focused tile's row; NaN before any

  useLayoutEffect(() => {
    const element = grid.current
    const body = element?.closest('.body')
    if (!element || !body) return
    const measure = () => {
      setTop(Math.floor((body.getBoundingClientRect().top - element.getBoundingClientRect().top) / pitch))
      setHeight(Math.ceil((body.clientHeight || innerHeight) / pitch)) // no layout (jsdom): the window's height
    }
    measure()
    body.addEventListener('scroll', measure)
    addEventListener('resize', measure)
    return () => {
      body.removeEventListener('scroll', measure)
      removeEventListener('resize', measure)
    }
  }, [rows.length])

  return (
    <ul
      ref={grid}
      className="grid"
      aria-label={label}
      aria-busy={busy || undefined}
      style={{ gridTemplateRows: `repeat(${Math.ceil(rows.length / columns)},${rowHeight}px)` }}
    >
      {rows.map((row, i) => {
        const at = Math.floor(i / columns)
        // Each tile is placed in its row (the grid fills the columns in order), so rows left out keep their place.
        return (at >= top - overscan && at <= top + height + overscan) || Math.abs(at - focus) < 2 ? (
          <li key={row.key} style={{ gridRow: at + 1 }} aria-posinset={i + 1} aria-setsize={rows.length} onFocus={() => setFocus(at)}>
            <WalletTile row={row} onClick={() => onSelect(row)} />
          </li>
        ) : null
      })}
    </ul>
  )
}

/** A wallet as a grid tile with an 'installed' mark. */
function WalletTile({ row, onClick }: { row: WalletRow; onClick(): void }) {
  const t = useLatchTranslate()
  const installed = row.tag === 'installed'
  return (
    <button type="button" className="tile" onClick={onClick} aria-label={installed ? t('wallet.labelInstalled', { name: row.name }) : row.name}>
      <WalletImage src={row.imageUrl} size={52} />
      <span className="tile-name" dir="auto">
        {row.name}
      </span>
      {installed ? (
        <span className="tile-badge" aria-hidden="true">
          <CheckIcon size={10} />
        </span>
      ) : null}
    </button>
  )
}
