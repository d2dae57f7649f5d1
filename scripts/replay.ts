import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { LatchError, parseLog, replay, type ExportedLog, type Plugin } from '../kernel/index'
import { isMain, runCli } from './cli'
import { makeSampleLog } from './sample-log'
import { formatTimeline, timelineSteps } from './timeline'

/** The CLI's help text. */
export const usage = `usage: npm run replay -- <log.json> [--plugins <module>] [--json]
       npm run replay -- --sample [--json]

Replays an exported Latch log (core plugin only unless --plugins names a module whose
default export is an array of plugins) and prints every event with what it changed.
  --plugins <module>  plugins to replay with (a .ts or .js module)
  --json              print { steps: [{ event, changes }], final, warnings } as JSON
  --sample            replay a built-in sample session instead of a file`

/** What a CLI prints and the code it exits with. */
export type CliResult = { code: number; output: string }

/** The replay CLI without side effects: parses `argv`, replays, and returns what to print and the exit code. */
export async function main(argv: readonly string[]): Promise<CliResult> {
  let args
  try {
    args = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { plugins: { type: 'string' }, json: { type: 'boolean' }, sample: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    return { code: 1, output: `${(error as Error).message}\n\n${usage}` }
  }
  const { values, positionals } = args
  if (values.help) return { code: 0, output: usage }
  if (!values.sample && positionals.length !== 1) return { code: 1, output: usage }
  try {
    const log = values.sample ? makeSampleLog() : await readLog(positionals[0] as string)
    const plugins = values.plugins ? await loadPlugins(values.plugins) : []
    const result = replay(plugins, log)
    if (values.json) return { code: 0, output: JSON.stringify({ steps: timelineSteps(result), final: result.final, warnings: result.warnings }, null, 2) }
    return { code: 0, output: formatTimeline(result) }
  } catch (error) {
    return { code: 1, output: describeError(error) }
  }
}

/** Reads and validates a log file; a file that is not a Latch log throws `INVALID_LOG`. */
export async function readLog(path: string): Promise<ExportedLog> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (cause) {
    throw new Error(`cannot read ${path}: ${(cause as Error).message}`)
  }
  return parseLog(text)
}

/** Imports a module whose default export is an array of plugins. */
export async function loadPlugins(path: string): Promise<Plugin[]> {
  const module = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown }
  const plugins = module.default
  const valid = Array.isArray(plugins) && plugins.every((p) => typeof (p as { name?: unknown })?.name === 'string')
  if (!valid) throw new Error(`${path}: the default export must be an array of plugins (objects with a name)`)
  return plugins as Plugin[]
}

function describeError(error: unknown): string {
  if (error instanceof LatchError) return [`error: ${error.shortMessage} (${error.code})`, error.details ? `  ${error.details}` : ''].filter(Boolean).join('\n')
  return `error: ${error instanceof Error ? error.message : String(error)}`
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)))
