/** The modal's design tokens as CSS custom properties; integrators override them with `themeVariables`. */
export type ThemeTokens = Readonly<Record<`--latch-${string}`, string>>

/** Tokens shared by both modes: shape, type, layering. */
export const baseTokens: ThemeTokens = {
  '--latch-font-family':
    'ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  '--latch-font-size': '15px',
  '--latch-radius': '16px',
  '--latch-radius-item': '12px',
  '--latch-modal-width': '360px',
  '--latch-z-index': '2147483000',
}

/** Light mode (docs/react.md, "Theming": accent hsla(231,100%,70%,1) on #fff). Derived colours keep text at WCAG AA. */
export const lightTokens: ThemeTokens = {
  '--latch-accent': 'hsla(231, 100%, 70%, 1)',
  '--latch-accent-fill': 'color-mix(in srgb, var(--latch-accent) 78%, #000)',
  '--latch-accent-foreground': '#ffffff',
  '--latch-accent-text': 'color-mix(in srgb, var(--latch-accent) 66%, #000)',
  '--latch-accent-soft': 'color-mix(in srgb, var(--latch-accent) 14%, transparent)',
  '--latch-background': '#ffffff',
  '--latch-foreground': '#141518',
  '--latch-foreground-secondary': '#5b5e66',
  '--latch-surface': '#f4f5f7',
  '--latch-surface-hover': '#e9ebef',
  '--latch-border': 'rgba(20, 21, 24, 0.08)',
  '--latch-overlay': 'rgba(14, 16, 24, 0.38)',
  '--latch-success': '#157f3c',
  '--latch-error': '#c81e1e',
  '--latch-warning': '#a35200',
  '--latch-warning-soft': '#fff3e0',
  '--latch-focus-ring': 'var(--latch-accent-fill)',
  '--latch-shadow': '0 24px 64px rgba(14, 16, 24, 0.18), 0 2px 6px rgba(14, 16, 24, 0.06)',
}

/** Dark mode (docs/react.md, "Theming": accent hsla(230,100%,67%,1) on #121313). */
export const darkTokens: ThemeTokens = {
  '--latch-accent': 'hsla(230, 100%, 67%, 1)',
  '--latch-accent-fill': 'color-mix(in srgb, var(--latch-accent) 86%, #000)',
  '--latch-accent-foreground': '#ffffff',
  '--latch-accent-text': 'color-mix(in srgb, var(--latch-accent) 72%, #fff)',
  '--latch-accent-soft': 'color-mix(in srgb, var(--latch-accent) 20%, transparent)',
  '--latch-background': '#121313',
  '--latch-foreground': '#f2f3f4',
  '--latch-foreground-secondary': '#a0a3a8',
  '--latch-surface': '#1c1e1f',
  '--latch-surface-hover': '#27292b',
  '--latch-border': 'rgba(255, 255, 255, 0.08)',
  '--latch-overlay': 'rgba(0, 0, 0, 0.6)',
  '--latch-success': '#4ade80',
  '--latch-error': '#ff8080',
  '--latch-warning': '#fbbf24',
  '--latch-warning-soft': 'rgba(251, 191, 36, 0.14)',
  '--latch-focus-ring': 'var(--latch-accent)',
  '--latch-shadow': '0 24px 64px rgba(0, 0, 0, 0.55), 0 0 0 1px rgba(255, 255, 255, 0.06)',
}

/** Every variable name integrators may override (documented in ui/theme/README.md). */
export const themeVariableNames = [...new Set([...Object.keys(baseTokens), ...Object.keys(lightTokens)])] as readonly string[]

const declarations = (tokens: ThemeTokens): string =>
  Object.entries(tokens)
    .map(([name, value]) => `${name}:${value};`)
    .join('')

/**
 * CSS that defines the tokens on `scope` for its `data-theme` attribute: 'light', 'dark', or 'system'
 * (follows prefers-color-scheme with a media query, so no script runs and server markup is right).
 */
export function themeCss(scope: string): string {
  const dark = declarations(darkTokens)
  return (
    `${scope}{${declarations(baseTokens)}${declarations(lightTokens)}color-scheme:light;}` +
    `${scope}[data-theme="dark"]{${dark}color-scheme:dark;}` +
    `@media (prefers-color-scheme: dark){${scope}[data-theme="system"]{${dark}color-scheme:dark;}}`
  )
}

/** The integrator's overrides, with a selector that outranks every mode rule of `themeCss(scope)`. */
export function overrideCss(scope: string, variables: Readonly<Record<string, string>>): string {
  const body = Object.entries(variables)
    .filter(([name, value]) => /^--latch-[a-z0-9-]+$/.test(name) && !/[{};<]/.test(value))
    .map(([name, value]) => `${name}:${value};`)
    .join('')
  return body ? `${scope}${scope}[data-theme]{${body}}` : ''
}
