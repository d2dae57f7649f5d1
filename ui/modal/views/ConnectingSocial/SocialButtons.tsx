import { useId, useState } from 'react'
import type { State } from '../../../../kernel/index'
import type { SocialLogin } from '../../../../plugins/embedded/ui'
// Only first-load modules, through ui/shared.ts (docs/chunks.md): the slot loads with Connect, which the views' kit must
// not be reached from (Connect is part of the modal's door).
import { adoptStyles, useLatch, useLatchInstance, useLatchTranslate } from '../../../shared'
import { MoreGlyph, SocialGlyph, socialNames } from './glyphs'
import { socialClicked } from './start'

/** The social logins the embedded wallet offers, in order (read here, not through the plugin's modules: docs/chunks.md). */
export const selectSocials = (state: State): readonly SocialLogin[] => (state as Partial<State>).embedded?.socials ?? []
const sameList = (a: readonly SocialLogin[], b: readonly SocialLogin[]) => a.length === b.length && a.every((p, i) => p === b[i])

/** How many buttons a row holds, and how many show before "more" when there are more than that. */
export const socialRow = 5
export const socialShownBeforeMore = socialRow - 1

/**
 * Which social logins show at once and which wait behind "more" (docs/embedded-wallet.md, "Social logins"): one shows as a
 * wide "Continue with …" button; up to five as a row of icon buttons; more than five as the first four and a "more"
 * button that reveals the rest below.
 */
export function socialLayout(socials: readonly SocialLogin[]): { wide: boolean; shown: readonly SocialLogin[]; more: readonly SocialLogin[] } {
  if (socials.length > socialRow) return { wide: false, shown: socials.slice(0, socialShownBeforeMore), more: socials.slice(socialShownBeforeMore) }
  return { wide: socials.length === 1, shown: socials, more: [] }
}

const socialCss = `
.social{display:flex;flex-direction:column;gap:8px}
.social-row{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none}
.social-row[data-count="1"]{grid-template-columns:1fr}
.social-row[data-count="2"]{grid-template-columns:repeat(2,minmax(0,1fr))}
.social-row[data-count="3"]{grid-template-columns:repeat(3,minmax(0,1fr))}
.social-row[data-count="4"]{grid-template-columns:repeat(4,minmax(0,1fr))}
.social-button{display:flex;align-items:center;justify-content:center;gap:10px;width:100%;height:48px;margin:0;padding:0 12px;border:1px solid var(--latch-border);
border-radius:var(--latch-radius-item);background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;font-weight:600;cursor:pointer;transition:background .12s,border-color .12s}
.social-button:hover{background:var(--latch-accent-soft);border-color:var(--latch-accent)}
.social-button:focus-visible{outline:2px solid var(--latch-accent);outline-offset:2px}
.social-button[aria-expanded="true"]{background:var(--latch-accent-soft)}
.social-glyph{flex:none;width:22px;height:22px}
@media (forced-colors: active){.social-button{border:1px solid ButtonText}.social-button:focus-visible{outline:3px solid Highlight}}
`

// The roots the slot's styles were adopted into (once each).
const styled = new WeakSet<Node>()
function adoptSocialStyles(element: HTMLElement | null) {
  const root = element?.getRootNode()
  if (!root || styled.has(root) || !(root instanceof ShadowRoot || root instanceof Document)) return
  styled.add(root)
  adoptStyles(root, socialCss)
}

/**
 * The social slot of Connect (after the wallets and the e-mail field), loaded with `import()` when Connect first shows
 * it: a button per social login the embedded wallet offers (`embeddedWallet({ socials })`), each named 'Continue with
 * {provider}'. A click opens the login's popup in the click itself (socialClicked) and shows ConnectingSocial, or for
 * Farcaster ConnectingFarcaster.
 */
export default function SocialButtons() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const socials = useLatch(selectSocials, sameList)
  const [open, setOpen] = useState(false)
  const moreId = useId()
  const { wide, shown, more } = socialLayout(socials)
  const button = (provider: SocialLogin) => {
    const label = t('social.continueWith', { provider: socialNames[provider] })
    return (
      <li key={provider}>
        <button
          type="button"
          className="social-button"
          aria-label={wide ? undefined : label}
          title={wide ? undefined : label}
          data-provider={provider}
          onClick={() => socialClicked(latch, provider)}
        >
          <SocialGlyph provider={provider} />
          {wide ? <span>{label}</span> : null}
        </button>
      </li>
    )
  }
  return (
    <div className="social" ref={adoptSocialStyles}>
      <ul className="social-row" data-count={wide ? 1 : Math.min(shown.length + (more.length > 0 ? 1 : 0), socialRow)}>
        {shown.map(button)}
        {more.length > 0 ? (
          <li>
            <button
              type="button"
              className="social-button"
              aria-expanded={open}
              aria-controls={moreId}
              aria-label={t('social.more')}
              title={t('social.more')}
              onClick={() => setOpen(!open)}
            >
              <MoreGlyph />
            </button>
          </li>
        ) : null}
      </ul>
      {more.length > 0 ? (
        <ul className="social-row" id={moreId} hidden={!open}>
          {more.map(button)}
        </ul>
      ) : null}
    </div>
  )
}
