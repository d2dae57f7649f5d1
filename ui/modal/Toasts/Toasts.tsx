import { useRef, type ReactNode } from 'react'
import { selectView, type State } from '../../../kernel/index'
import { useVisualViewportBox } from '../Dialog/visualViewport'
import { useLatch } from '../../hooks/useLatch'
import { CheckIcon, ErrorIcon } from '../icons'
import { useLatchTranslate } from '../../i18n/translate'

const selectToast = (state: State) => state.toast

/** Toasts a view already says in place (docs/behaviour.md, "Toasts"): the Sign In view's button reads 'Authenticating...'. */
const saidByView: Readonly<Record<string, readonly string[]>> = { SIWXSignMessage: ['siwx.signing'] }
const selectViewName = (state: State) => (state.router.open ? selectView(state).name : undefined)

/**
 * docs/behaviour.md, "Toasts": just above the card while the modal is open (inside the dialog, drawn over the backdrop: a
 * toast neither moves the card nor covers the view), or at the top of the page while the modal is closed. Two live regions stay in the DOM (one inserted with its text is not reliably read): a polite status for
 * success and loading, an alert for errors (docs/react.md, "Accessibility").
 */
export function Toasts({ placement }: { placement: 'modal' | 'page' }) {
  const t = useLatchTranslate()
  const toast = useLatch(selectToast)
  const viewName = useLatch(selectViewName)
  const current = toast.open ? toast.current : undefined
  // Said by the view already: heard (the live region keeps its text) but not drawn a second time.
  const repeated = placement === 'modal' && !!current?.messageId && !!viewName && !!saidByView[viewName]?.includes(current.messageId)
  const item = current ? (
    <div key={current.id} className={repeated ? 'toast visually-hidden' : 'toast'} data-variant={current.variant}>
      <span className="toast-icon" aria-hidden="true">
        {current.variant === 'success' ? <CheckIcon size={12} /> : current.variant === 'error' ? <ErrorIcon size={14} /> : <span className="toast-spinner spin" />}
      </span>
      <span>{t.text(current)}</span>
    </div>
  ) : null
  const error = current?.variant === 'error'
  const regions = (
    <>
      <div className="toast-region" data-placement={placement} role="status" aria-live="polite" aria-atomic="true">
        {error ? null : item}
      </div>
      <div className="toast-region" data-placement={placement} role="alert" aria-atomic="true">
        {error ? item : null}
      </div>
    </>
  )
  return placement === 'page' ? <PageLayer>{regions}</PageLayer> : regions
}

/** The page's toasts over the visual viewport, as the open modal's backdrop (docs/react.md, "The modal"). */
function PageLayer({ children }: { children: ReactNode }) {
  const layer = useRef<HTMLDivElement>(null)
  useVisualViewportBox(layer, true)
  return (
    <div ref={layer} className="toast-page">
      {children}
    </div>
  )
}

/** Toast styles. */
export const toastsCss = `
.toast-region{position:absolute;left:0;right:0;z-index:3;display:flex;justify-content:center;pointer-events:none}
.toast-region[data-placement="modal"]{bottom:calc(100% + 12px)}
.toast-page{position:fixed;left:0;top:0;width:100%;height:100%;z-index:var(--latch-z-index);pointer-events:none}
.toast-region[data-placement="page"]{top:16px}
.toast{display:inline-flex;align-items:center;gap:8px;max-width:calc(100% - 32px);padding-block:8px;padding-inline:8px 14px;border-radius:999px;
background:var(--latch-foreground);color:var(--latch-background);font-size:14px;font-weight:500;box-shadow:0 8px 24px rgba(0,0,0,.18);
pointer-events:auto;animation:latch-toast-in .22s cubic-bezier(.2,.9,.3,1.2) both}
.toast-icon{flex:none;display:grid;place-items:center;width:20px;height:20px;border-radius:50%;color:#fff}
.toast[data-variant="success"] .toast-icon{background:#1f9d55}
.toast[data-variant="error"] .toast-icon{background:#d93636}
.toast[data-variant="loading"] .toast-icon{background:transparent}
.toast-spinner{width:14px;height:14px;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;color:var(--latch-background)}
.toast-region[data-placement="modal"] .toast{animation-name:latch-toast-up}
@keyframes latch-toast-in{from{opacity:0;transform:translateY(-8px) scale(.96)}to{opacity:1;transform:none}}
@keyframes latch-toast-up{from{opacity:0;transform:translateY(8px) scale(.96)}to{opacity:1;transform:none}}
`
