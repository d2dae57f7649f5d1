/** The `latch-replay` bin (dist/bin/latch-replay.js) and `npm run replay`: cli/replay.ts on the process's arguments and streams. */
import { runReplay, type Sink } from './replay'

/** A sink on a stream that waits for 'drain' when the stream's buffer is full. */
function streamSink(stream: NodeJS.WriteStream): Sink {
  return { write: (text) => (stream.write(text) ? undefined : new Promise((resolve) => stream.once('drain', () => resolve()))) }
}

// `latch-replay log.json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

runReplay(process.argv.slice(2), streamSink(process.stdout), streamSink(process.stderr)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
