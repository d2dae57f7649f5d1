import type { State } from '../../kernel/index'
import { useLatch } from './useLatch'

const selectThemeMode = (state: State) => state.options.themeMode

/** The configured theme mode ('light', 'dark' or 'system'), for a `data-theme` attribute. */
export function useThemeMode(): 'light' | 'dark' | 'system' {
  return useLatch(selectThemeMode)
}
