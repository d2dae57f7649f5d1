import type { State } from '../../../kernel/index'
import { useLatchInstance } from '../../context'
import { useLatch } from '../../hooks/useLatch'
import { useLatchTranslate } from '../../i18n/translate'
import { ErrorIcon } from '../icons'

/** The alert raised by the api plugin (its `alerts` slice), read as plain state: the modal carries none of the plugin's code. */
const selectAlert = (state: State) => (state as { alerts?: { current?: string } }).alerts?.current

/**
 * docs/operations.md, "Alerts": the alert bar at the top of the card, above the header, while an alert is raised: its
 * title and text in the visitor's language, and Dismiss. An alert region (role="alert"), so screen readers say it once.
 */
export function AlertBar() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const id = useLatch(selectAlert)
  return (
    <div className="alert-region" role="alert" aria-atomic="true">
      {id === undefined ? null : (
        <div className="alert-bar" data-alert={id}>
          <span className="alert-icon" aria-hidden="true">
            <ErrorIcon size={14} />
          </span>
          <span className="alert-words">
            <strong className="alert-title">{t.text({ messageId: `alert.${id}.title`, message: id })}</strong>
            <span className="alert-text">{t.text({ messageId: `alert.${id}.text`, message: '' })}</span>
          </span>
          <button type="button" className="alert-dismiss" onClick={() => latch.dispatch({ type: 'alerts/dismissed', payload: {} } as never)}>
            {t('alert.dismiss')}
          </button>
        </div>
      )}
    </div>
  )
}

export const alertBarCss = `
.alert-bar { display: flex; gap: 8px; align-items: flex-start; margin: 12px 12px 0; padding: 10px 12px;
  border-radius: var(--latch-radius-item); background: color-mix(in srgb, var(--latch-error) 10%, var(--latch-background));
  color: var(--latch-foreground); border: 1px solid color-mix(in srgb, var(--latch-error) 40%, transparent); font-size: 13px; line-height: 1.35; }
.alert-icon { color: var(--latch-error); padding-top: 2px; flex: none; }
.alert-words { display: flex; flex-direction: column; gap: 2px; flex: 1; min-width: 0; }
.alert-title { font-weight: 600; }
.alert-text { color: var(--latch-foreground-secondary); }
.alert-dismiss { flex: none; background: none; border: 0; padding: 2px 4px; font: inherit; font-weight: 600; color: var(--latch-foreground);
  cursor: pointer; text-decoration: underline; border-radius: 6px; }
.alert-dismiss:focus-visible { outline: 2px solid var(--latch-focus-ring); outline-offset: 2px; }
`
