/**
 * The embedded wallet part of `npm run bench` alone (docs/embedded-wallet.md): `npx tsx bench/embedded.ts [runs] [--json]`
 * prints its table (or its figures as JSON) without the rest of the bench. `npm run bench -- --embedded` does the same.
 */
import { isMain, runCli } from '../scripts/cli'
import { benchEmbedded, defaultEmbeddedOptions, embeddedFailures, maxEmbeddedRuns } from './embedded-run'
import { embeddedHeader, embeddedRows, textTable } from './report'

/** Reads `[runs] [--json]`; 12 to 18 runs (the issue asks medians over at least 12; the wallet service sends 20 codes per IP an hour). */
export function readEmbeddedArgs(args: readonly string[]): { runs: number; json: boolean } {
  const count = args.find((arg) => /^\d+$/.test(arg))
  const runs = count === undefined ? defaultEmbeddedOptions.runs : Number(count)
  if (runs < 12 || runs > maxEmbeddedRuns) throw new Error(`12 to ${maxEmbeddedRuns} runs (got ${runs})`)
  return { runs, json: args.includes('--json') }
}

export async function embeddedMain(args: readonly string[]): Promise<{ code: number; output: string }> {
  const { runs, json } = readEmbeddedArgs(args)
  const figures = await benchEmbedded({ ...defaultEmbeddedOptions, runs }, (line) => process.stderr.write(`${line}\n`))
  const failures = embeddedFailures(figures)
  const errors = figures.consoleErrors.map((text) => `console error: ${text}`)
  const output = json ? JSON.stringify(figures, null, 2) : [textTable(embeddedHeader, embeddedRows(figures)), '', ...errors, ...failures].join('\n')
  return { code: failures.length ? 1 : 0, output }
}

if (isMain(import.meta.url)) runCli(() => embeddedMain(process.argv.slice(2)))
