import { useEffect, useState } from 'react'
import { useThemeMode } from '../hooks/useThemeMode'
import { prefersReducedMotion, whenIdle } from '../utils/platform'
import { Dialog } from './Dialog/Dialog'
import { preloadViews } from './Router/Router'
import { Toasts } from './Toasts/Toasts'
import { useModalStyles } from './styles'
import { enModal } from '../i18n/en-modal'
import { I18nContext, translator, useWithEnglish } from '../i18n/translate'
import { formatMessage } from '../i18n/format'

type Phase = 'open' | 'closing' | 'closed'

/** The modal chunk's root, portalled into the shadow root: the dialog while open (and closing), else the toasts. */
export function ModalRoot({ open }: { open: boolean }) {
  const theme = useThemeMode()
  const i18n = useWithEnglish(enModal, formatMessage)
  const { locale, dir } = translator(i18n)
  const ref = useModalStyles()
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed')
  // Derived from `open` during render (React's "adjust state on prop change"), so opening costs no extra frame.
  if (open && phase !== 'open') setPhase('open')
  if (!open && phase === 'open') setPhase(prefersReducedMotion() ? 'closed' : 'closing')
  useEffect(() => {
    if (phase !== 'closing') return
    const timer = setTimeout(() => setPhase('closed'), 260) // in case animationend never comes
    return () => clearTimeout(timer)
  }, [phase])
  // After the open has painted: the views' chunks arriving must not hold up its first frames.
  useEffect(() => whenIdleAfterPaint(() => void preloadViews()), [])
  return (
    <I18nContext.Provider value={i18n}>
      <div ref={ref} className="latch-theme latch-root" data-theme={theme} lang={locale} dir={dir}>
        {phase === 'closed' ? <Toasts placement="page" /> : <Dialog phase={phase} onExited={() => setPhase('closed')} />}
      </div>
    </I18nContext.Provider>
  )
}

/**
 * Runs `task` when the browser is idle after the next two frames have been drawn (where there are frames): work started
 * this way never delays what the current render is about to paint. Returns a cancel function.
 */
function whenIdleAfterPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') return whenIdle(task)
  let cancel = () => undefined as void
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => void (cancel = whenIdle(task)))
  })
  return () => {
    cancelAnimationFrame(frame)
    cancel()
  }
}
