/**
 * The Activity part of `npm run bench` alone (docs/behaviour.md, "Activity"): `npx tsx bench/activity.ts [runs] [--json]`
 * prints its table (or its figures as JSON) without the rest of the bench.
 */
import { isMain, runCli } from '../scripts/cli'
import { activityFailures, benchActivity, defaultActivityOptions } from './activity-run'
import { activityHeader, activityRows, textTable } from './report'

/** Reads `[runs] [--json]`; at least 10 runs. */
function readArgs(args: readonly string[]): { runs: number; json: boolean } {
  const count = args.find((arg) => /^\d+$/.test(arg))
  const runs = count === undefined ? defaultActivityOptions.runs : Number(count)
  if (runs < 10) throw new Error(`at least 10 runs (got ${runs})`)
  return { runs, json: args.includes('--json') }
}

async function main(): Promise<{ code: number; output: string }> {
  const { runs, json } = readArgs(process.argv.slice(2))
  const figures = await benchActivity({ ...defaultActivityOptions, runs }, (line) => process.stderr.write(`${line}\n`))
  const failures = activityFailures(figures)
  const errors = figures.consoleErrors.map((text) => `console error: ${text}`)
  const output = json ? JSON.stringify(figures, null, 2) : [textTable(activityHeader, activityRows(figures)), '', ...errors, ...failures].join('\n')
  return { code: failures.length ? 1 : 0, output }
}

if (isMain(import.meta.url)) runCli(main)
