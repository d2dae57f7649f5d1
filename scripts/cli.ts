import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** Whether the module at `url` is the script node was started with (not an import from a test or another script). */
export function isMain(url: string): boolean {
  const script = process.argv[1]
  if (!script) return false
  try {
    return pathToFileURL(realpathSync(script)).href === url
  } catch {
    return false
  }
}

/** Runs a CLI's main function: prints its output (to stderr on failure), sets the exit code, reports a crash. */
export function runCli(main: () => Promise<{ code: number; output: string }>): void {
  // `npm run replay -- log.json | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
  main().then(
    ({ code, output }) => {
      const stream = code === 0 ? process.stdout : process.stderr
      if (output) stream.write(output.endsWith('\n') ? output : `${output}\n`)
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
