import { useEffect, useInsertionEffect, useMemo, type ReactNode } from 'react'
import type { Latch, State } from '../../../kernel/index'
import type { ConnectorGroupName } from '../../../kernel/rules/connectors'
import type { LatchAddon } from '../../addons'
import { LatchContext, type LatchContextValue } from '../../context'
import { useLatch } from '../../hooks/useLatch'
import { prefetchWalletList } from '../../wallet-list'
import { overrideCss } from '../../theme/tokens'
import { whenIdle } from '../../utils/platform'
import { trackInputModality } from '../../utils/modality'
import { adoptStyles } from '../../utils/styles'
import { buttonScope, buttonsCss, stylesheetMarker } from '../buttons.css'
import { ModalHost } from './ModalHost'
import { I18nProvider, type I18nOptions } from '../../i18n/I18nProvider'

/** Props of `<LatchProvider>`. */
export type LatchProviderProps = I18nOptions & {
  latch: Latch
  children?: ReactNode
  /** Overrides default wallet-list group order (docs/behaviour.md, "Wallet list") (unknown names are ignored, missing ones follow). */
  connectorOrder?: readonly ConnectorGroupName[]
  /** UI add-ons of plugins: wallet features, connect methods, views. */
  addons?: readonly LatchAddon[]
}

const noAddons: readonly LatchAddon[] = []
const selectThemeVariables = (state: State) => state.options.themeVariables

/**
 * Provides a Latch instance to hooks and buttons and renders the modal (whose chunk ModalHost asks for as it mounts);
 * prefetches the wallet list while the browser is idle.
 */
export function LatchProvider({ latch, children, connectorOrder, addons = noAddons, locale, locales, messages }: LatchProviderProps) {
  const value = useMemo<LatchContextValue>(() => ({ latch, connectorOrder, addons }), [latch, connectorOrder, addons])
  useEffect(trackInputModality, [])
  useEffect(
    () =>
      whenIdle(() => prefetchWalletList(latch), 300),
    [latch],
  )
  return (
    <LatchContext.Provider value={value}>
      <I18nProvider latch={latch} locale={locale} locales={locales} messages={messages}>
        <ButtonStyles />
        {children}
        <ModalHost />
      </I18nProvider>
    </LatchContext.Provider>
  )
}

let documentSheet: { users: number; remove(): void } | undefined

/**
 * Adopts the buttons' stylesheet into the document (once per page; none when the page has `latch/styles.css`, docs/nextjs.md
 * "Styles") and this instance's theme overrides.
 */
function ButtonStyles() {
  const themeVariables = useLatch(selectThemeVariables)
  useInsertionEffect(() => {
    documentSheet ??= { users: 0, ...(hasShippedStylesheet() ? { remove: () => undefined } : adoptStyles(document, buttonsCss)) }
    documentSheet.users += 1
    return () => {
      if (!documentSheet || --documentSheet.users > 0) return
      documentSheet.remove()
      documentSheet = undefined
    }
  }, [])
  useInsertionEffect(() => {
    const css = overrideCss(buttonScope, themeVariables)
    if (!css) return
    const sheet = adoptStyles(document, css)
    return () => sheet.remove()
  }, [themeVariables])
  return null
}

/** The page has `latch/styles.css`: its marker property is set on the root element. */
function hasShippedStylesheet(): boolean {
  return getComputedStyle(document.documentElement).getPropertyValue(stylesheetMarker).trim() !== ''
}
