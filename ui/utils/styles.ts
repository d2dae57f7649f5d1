/** Where a stylesheet can be adopted: a shadow root or the document. */
export type StyleTarget = ShadowRoot | Document

/**
 * Adds CSS to a shadow root or document as a constructable stylesheet (no inline <style>, so a strict CSP
 * holds), falling back to a <style> element where constructable sheets are missing. Returns an updater
 * (`replace(css)`) and a remover.
 */
export function adoptStyles(target: StyleTarget, css: string): { replace(css: string): void; remove(): void } {
  const Sheet = typeof CSSStyleSheet === 'function' ? CSSStyleSheet : undefined
  if (Sheet && 'adoptedStyleSheets' in target && typeof Sheet.prototype.replaceSync === 'function') {
    try {
      const sheet = new Sheet()
      sheet.replaceSync(css)
      target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet]
      return {
        replace: (next) => sheet.replaceSync(next),
        remove: () => {
          target.adoptedStyleSheets = target.adoptedStyleSheets.filter((s) => s !== sheet)
        },
      }
    } catch {
      // Fall through to a <style> element (older engines throw on `new CSSStyleSheet()`).
    }
  }
  const doc = 'createElement' in target ? target : target.ownerDocument
  const style = doc.createElement('style')
  style.setAttribute('data-latch', '')
  style.textContent = css
  ;('head' in target ? target.head : target).appendChild(style)
  return { replace: (next) => void (style.textContent = next), remove: () => style.remove() }
}
