import type { SocialLogin } from '../../../../plugins/embedded/ui'
export { socialNames } from '../../../../plugins/embedded/ui'

/**
 * The social logins' glyphs: Latch's own small line drawings on a 24-unit grid, in the text's colour (so they follow the
 * theme and forced colours), never the providers' artwork.
 */
const strokes: Readonly<Record<SocialLogin, string>> = {
  // A ring open at the top right, its bar drawn in.
  google: 'M19.4 8.6A8 8 0 1 0 20 12h-7.5',
  // Two crossing strokes.
  x: 'M5 4.5l14 15M19 4.5l-14 15',
  // An arch on two posts under a lintel.
  farcaster: 'M4.5 5h15M6.5 5v14M17.5 5v14M6.5 19h-2M17.5 19h2M6.5 12a5.5 5.5 0 0 1 11 0',
  // A rounded mask with its corners pulled down.
  discord: 'M7 6.5c3.3-1.4 6.7-1.4 10 0 1.7 3 2.4 6.2 2 9.6-1.3 1.1-2.8 1.9-4.3 2.4l-.9-1.6M7 6.5c-1.7 3-2.4 6.2-2 9.6 1.3 1.1 2.8 1.9 4.3 2.4l.9-1.6M8.5 15.5c2.3 1 4.7 1 7 0',
  // A fruit with a bite and a leaf.
  apple: 'M12 7.8c-1.4-1-4.2-1.3-5.6.9-1.5 2.4-.8 6.4 1.2 9.2 1.2 1.7 2.6 2.2 4.4 1.4 1.8.8 3.2.3 4.4-1.4.5-.7.9-1.4 1.2-2.2-1.7-.9-2.4-2.4-2.3-4 .1-1.2.7-2.2 1.6-2.9-1.4-1.9-3.7-1.9-4.9-1zM12 7.5c0-1.8 1-3.3 2.8-3.8',
  // A cat's head with two ears.
  github: 'M5.5 10.5 6 4.5l3.8 2.7a9.6 9.6 0 0 1 4.4 0L18 4.5l.5 6c.7 1 1 2 1 3 0 3.6-3.3 6-7.5 6s-7.5-2.4-7.5-6c0-1 .3-2 1-3zM9.5 13.5v.5M14.5 13.5v.5',
  // A letter f in a rounded square.
  facebook: 'M7 3.5h10a3.5 3.5 0 0 1 3.5 3.5v10a3.5 3.5 0 0 1-3.5 3.5H7A3.5 3.5 0 0 1 3.5 17V7A3.5 3.5 0 0 1 7 3.5zM15.5 7.5h-1.3a2.2 2.2 0 0 0-2.2 2.2v10.8M9.5 12.5h5.5',
}

/** A social login's glyph (decorative: the button around it carries the name). */
export function SocialGlyph({ provider }: { provider: SocialLogin }) {
  return (
    <svg className="social-glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={strokes[provider]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** Three dots: the "more" button's glyph. */
export function MoreGlyph() {
  return (
    <svg className="social-glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 12h.01M12 12h.01M18 12h.01" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
