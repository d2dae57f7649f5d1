import type { ReactNode } from 'react'
import { ErrorIcon } from '../icons'
import { useLatchTranslate } from '../../i18n/translate'

/** An icon inside a turning ring (pending) or an error badge (failed): connecting and switching views. */
export function Loader({ state, children }: { state: 'pending' | 'failed'; children: ReactNode }) {
  const t = useLatchTranslate()
  return (
    <div className="loader" data-state={state}>
      {state === 'pending' ? (
        <svg className="loader-ring spin" viewBox="0 0 96 96" role="progressbar" aria-label={t('connecting.waiting')}>
          <circle cx="48" cy="48" r="44" className="loader-track" />
          <circle cx="48" cy="48" r="44" className="loader-arc" />
        </svg>
      ) : (
        <span className="loader-badge" aria-hidden="true">
          <ErrorIcon size={16} />
        </span>
      )}
      {children}
    </div>
  )
}

/** Styles of the loader and of the status views built around it. */
export const loaderCss = `
.status-view{display:flex;flex-direction:column;align-items:center;text-align:center;gap:6px;padding:20px 8px 12px}
.loader{position:relative;width:96px;height:96px;display:grid;place-items:center;margin-bottom:10px}
.loader .wallet-icon,.loader .network-icon{border-radius:20px}
.loader-ring{position:absolute;inset:0;width:96px;height:96px}
.loader-track{fill:none;stroke:var(--latch-surface-hover);stroke-width:3}
.loader-arc{fill:none;stroke:var(--latch-accent);stroke-width:3.5;stroke-linecap:round;stroke-dasharray:70 207}
.loader[data-state="failed"] .wallet-icon,.loader[data-state="failed"] .network-icon{box-shadow:0 0 0 2.5px var(--latch-error)}
.loader-badge{position:absolute;inset-inline-end:8px;bottom:8px;width:26px;height:26px;border-radius:50%;display:grid;place-items:center;
background:var(--latch-background);color:var(--latch-error);box-shadow:0 0 0 3px var(--latch-background)}
.spin{animation:latch-spin 1s linear infinite;transform-origin:50% 50%}
@keyframes latch-spin{to{transform:rotate(360deg)}}
`
