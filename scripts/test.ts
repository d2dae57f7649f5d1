/**
 * `npm test`: every check, in the order a failure is cheapest to read. Each step does its
 * own set-up; the first failing step stops the run with its exit code.
 */
import { spawnSync } from 'node:child_process'

type Step = { name: string; command: string; args: readonly string[] }

const steps: readonly Step[] = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'unit and property tests', command: 'npx', args: ['vitest', 'run'] },
  { name: 'build and exports check', command: 'npx', args: ['tsx', 'scripts/build.ts'] },
]

for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    console.error(`✗ ${step.name} failed`)
    process.exit(result.status ?? 1)
  }
}
console.log('\n✓ all checks passed')
