/**
 * `npm test`: every check, in the order a failure is cheapest to read. Each step does its
 * own set-up; the first failing step stops the run with its exit code. Ends with one plain
 * `N passed, N failed` line counting the test cases.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'

type Step = { name: string; command: string; args: readonly string[] }

const results = '.cache/vitest-results.json'

const steps: readonly Step[] = [
  { name: 'typecheck (with type tests)', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  {
    name: 'unit and property tests',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`],
  },
  { name: 'build and exports check', command: 'npx', args: ['tsx', 'scripts/build.ts'] },
  { name: 'server-side rendering import check', command: 'npx', args: ['tsx', 'scripts/check-ssr.ts'] },
]

function counts(): { passed: number; failed: number } {
  try {
    const json = JSON.parse(readFileSync(results, 'utf8')) as { numPassedTests: number; numFailedTests: number }
    return { passed: json.numPassedTests, failed: json.numFailedTests }
  } catch {
    return { passed: 0, failed: 0 }
  }
}

mkdirSync('.cache', { recursive: true })
let failed: Step | undefined
for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    failed = step
    break
  }
}
const { passed, failed: failedTests } = counts()
if (failed) console.error(`\n✗ ${failed.name} failed`)
else console.log('\n✓ all checks passed')
// A failing step that is not a test case still counts as one failure.
console.log(`${passed} passed, ${failedTests + (failed && failedTests === 0 ? 1 : 0)} failed`)
process.exit(failed ? 1 : 0)
