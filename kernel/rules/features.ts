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
