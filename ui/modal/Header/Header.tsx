import { useCallback } from 'react'
import { routerWentBack, type State } from '../../../kernel/index'
import { useLatchContext } from '../../context'
import { useLatch } from '../../hooks/useLatch'
import { BackIcon, CloseIcon } from '../icons'
import { selectHistoryLength } from '../selectors'
import { sameTitle, selectTitle } from '../titles'
import { useLatchTranslate } from '../../i18n/translate'

/** The modal header (a div, not <header>: a header in a dialog would be a second page banner landmark): back (when the history holds more than one view), the view's title, close (disabled per canClose). */
export function Header({ titleId, closable, onClose }: { titleId: string; closable: boolean; onClose(): void }) {
  const { latch, addons } = useLatchContext()
  const canGoBack = useLatch(selectHistoryLength) > 1
  const t = useLatchTranslate()
  const title = useLatch(useCallback((state: State) => selectTitle(state, addons), [addons]), sameTitle)
  return (
    <div className="header">
      {canGoBack ? (
        <button type="button" className="icon-button" aria-label={t('header.back')} onClick={() => latch.dispatch(routerWentBack({}))}>
          <BackIcon className="mirror" />
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
      <h2 className="title" id={titleId}>
        {title.id !== undefined ? t.text({ messageId: title.id, message: title.id }) : <bdi>{title.name}</bdi>}
      </h2>
      <button type="button" className="icon-button" aria-label={t('header.close')} disabled={!closable} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  )
}
