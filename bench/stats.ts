/** Median, min and max of a set of samples. */
export type Summary = { median: number; min: number; max: number; runs: number }

/** Median (mean of the two middle values for an even count), min and max. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN, runs: sorted.length }
}
