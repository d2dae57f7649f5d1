import { useLayoutEffect, useRef } from 'react'
import { useLatchTranslate } from '../../i18n/translate'

/** Styles of the loading shell, adopted with the theme when the shadow host is created. */
export const shellCss = `
:host{all:initial}
.latch-root{font-family:var(--latch-font-family);font-size:var(--latch-font-size);line-height:1.4;color:var(--latch-foreground);-webkit-font-smoothing:antialiased;letter-spacing:normal;text-transform:none}
.latch-shell{position:fixed;inset:0;z-index:var(--latch-z-index);display:flex;align-items:center;justify-content:center;padding:16px;background:var(--latch-overlay)}
.latch-shell-card{display:grid;place-items:center;width:var(--latch-modal-width);max-width:100%;height:320px;background:var(--latch-background);border-radius:var(--latch-radius);box-shadow:var(--latch-shadow);outline:none}
.latch-shell-spinner{width:28px;height:28px;border-radius:50%;border:3px solid var(--latch-accent-soft);border-top-color:var(--latch-accent);animation:latch-shell-spin .8s linear infinite}
@keyframes latch-shell-spin{to{transform:rotate(360deg)}}
@media (max-width:429.98px){.latch-shell{align-items:flex-end;padding:0}
.latch-shell-card{width:100%;border-radius:var(--latch-radius) var(--latch-radius) 0 0}}
@media (prefers-reduced-motion: reduce){.latch-shell-spinner{animation-duration:2.4s}}
@media (forced-colors: active){.latch-shell-card{border:1px solid CanvasText}.latch-shell-spinner{border-color:CanvasText;border-top-color:Highlight}}
`

/** The modal frame drawn at once while the modal chunk is still loading; it fills in when the chunk arrives. */
export function ModalShell({ onClose }: { onClose(): void }) {
  const t = useLatchTranslate()
  const card = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => card.current?.focus({ preventScroll: true }), [])
  return (
    <div className="latch-shell" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={card}
        className="latch-shell-card"
        role="dialog"
        aria-modal="true"
        aria-label={t('modal.label')}
        aria-busy="true"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose()
          if (event.key === 'Tab') event.preventDefault()
        }}
      >
        <div className="latch-shell-spinner" role="progressbar" aria-label={t('modal.loading')} />
      </div>
    </div>
  )
}
