/**
 * `npm test`: every check, in the order a failure is cheapest to read. Each step does its
 * own set-up (the browser step installs Debian's chromium when it is missing); the first
 * failing step stops the run; each step's time is printed after it. Ends with one plain `N passed, N failed` line.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'

type Step = { name: string; command: string; args: readonly string[]; results?: string }

const steps: readonly Step[] = [
  { name: "the local stack's own dependencies (scripts/devnet, installed when missing)", command: 'npx', args: ['tsx', 'scripts/devnet/install.ts'] },
  { name: "the wallet service's own dependencies (services/wallet, installed when missing)", command: 'npx', args: ['tsx', 'services/wallet/install.ts'] },
  { name: "the local identity providers' own dependencies (services/identity, installed when missing)", command: 'npx', args: ['tsx', 'services/identity/install.ts'] },
  { name: "the frame app's own dependency (frame/app, installed when missing)", command: 'npx', args: ['tsx', 'frame/app/install.ts'] },
  { name: 'typecheck (with type tests)', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'redis-server for the wallet service tests (installed from Debian when missing)', command: 'npx', args: ['tsx', 'scripts/testing/ensure-redis.ts'] },
  vitest('unit and property tests, UI tests again on React 18.3', ['unit', 'unit-react18', 'properties']),
  { name: 'build and exports check', command: 'npx', args: ['tsx', 'scripts/build.ts'] },
  { name: 'server-side rendering import check', command: 'npx', args: ['tsx', 'scripts/check-ssr.ts'] },
  vitest('the packed package in fresh apps (React 18.3 and 19; needs the npm registry)', ['package']),
  { name: 'chromium (installed from Debian when missing)', command: 'npx', args: ['tsx', 'scripts/e2e/ensure-chromium.ts'] },
  vitest('end-to-end tests in chromium', ['e2e']),
]

function vitest(name: string, projects: readonly string[]): Step {
  const results = `.cache/vitest-${projects.join('-')}.json`
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`]
  return { name, command: 'npx', args, results }
}

function counts(step: Step): { passed: number; failed: number } {
  if (!step.results) return { passed: 0, failed: 0 }
  try {
    const json = JSON.parse(readFileSync(step.results, 'utf8')) as { numPassedTests: number; numFailedTests: number }
    return { passed: json.numPassedTests, failed: json.numFailedTests }
  } catch {
    return { passed: 0, failed: 0 }
  }
}

rmSync('.cache', { recursive: true, force: true })
mkdirSync('.cache', { recursive: true })
let failed: Step | undefined
for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const started = performance.now()
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env })
  // How long each step took, for reading a slow run's log (nothing depends on it).
  console.log(`  (${step.name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  if (result.status !== 0) {
    failed = step
    break
  }
}
const total = steps.map(counts).reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }))
if (failed) console.error(`\n✗ ${failed.name} failed`)
else console.log('\n✓ all checks passed')
// A failing step that is not a test case still counts as one failure.
console.log(`${total.passed} passed, ${total.failed + (failed && total.failed === 0 ? 1 : 0)} failed`)
process.exit(failed ? 1 : 0)
