import { replay } from '../kernel/index'
import { isMain, runCli } from './cli'
import { makeSampleLog } from './sample-log'
import { formatTimeline } from './timeline'

/** `npm start` until the demo dapp exists: says so, then prints a sample session's timeline. */
export async function main(): Promise<{ code: number; output: string }> {
  const notice = [
    'The demo dapp and the local stack (scripts/devnet/) are not built yet: npm start has nothing to serve.',
    'Meanwhile, here is what the kernel does in a sample session (discover, connect, switch network, disconnect),',
    'replayed from its exported log (the same output as `npm run replay -- --sample`):',
    '',
  ]
  return { code: 0, output: [...notice, formatTimeline(replay([], makeSampleLog()))].join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
