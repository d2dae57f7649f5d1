/** docs/operations.md, "Remote features": the merge of the project's features with the integrator's. Pure. */

/** Feature name → on. */
export type Features = Readonly<Record<string, boolean>>

/**
 * docs/operations.md, "Remote features": the integrator's setting of a feature always wins; a feature the integrator
 * left unset takes the project's remote value only when that value is `false` (remote configuration can switch a
 * feature off, never on), else its default. Features unknown to the defaults and to the integrator appear only when
 * remote switches them off (`swaps`, `onramp`: on unless set to false).
 */
export function mergeFeatures(defaults: Features, local: Features | undefined, remote: Features | undefined): Record<string, boolean> {
  const merged: Record<string, boolean> = { ...defaults }
  for (const [name, on] of Object.entries(remote ?? {})) if (on === false && name !== '__proto__') merged[name] = false
  for (const [name, on] of Object.entries(local ?? {})) if (typeof on === 'boolean' && name !== '__proto__') merged[name] = on
  return merged
}

/** The features Buy and Swap: off where trading crypto-assets is not offered (docs/operations.md, "Restricted time zones"). */
export const tradeFeatures = ['onramp', 'swaps'] as const

/** The features in effect: `mergeFeatures`, then Buy and Swap off when the visitor's time zone is restricted. */
export function effectiveFeatures(defaults: Features, local: Features | undefined, remote: Features | undefined, tradeRestricted: boolean): Record<string, boolean> {
  const merged = mergeFeatures(defaults, local, remote)
  if (tradeRestricted) for (const feature of tradeFeatures) merged[feature] = false
  return merged
}

/**
 * The time zones of mainland China (IANA names and their legacy aliases), where buying and swapping crypto-assets
 * is not offered (docs/operations.md, "Restricted time zones").
 */
export const restrictedTimeZones: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
]

/** True when `timeZone` (an IANA name, any case) is one of the restricted ones; an unknown or missing zone is not. */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  if (typeof timeZone !== 'string') return false
  const zone = timeZone.trim().toLowerCase()
  return restrictedTimeZones.some((restricted) => restricted.toLowerCase() === zone)
}
