import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// `npm install` on the oldest Node that package.json's `engines` allows prints no engine warning: every package the
// root and scripts/devnet lockfiles install (the devnet is installed by `npm start`) runs on that Node (README).
const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as Record<string, unknown>

describe('engines', () => {
  const floor = semver.minVersion(String((read('package.json').engines as { node: string }).node))?.version

  it('package.json asks for Node 20.19 or newer', () => {
    expect(floor).toBe('20.19.0')
  })

  it.each(['package-lock.json', 'scripts/devnet/package-lock.json'])('every package in %s runs on that Node', (lockfile) => {
    const packages = read(lockfile).packages as Record<string, { engines?: { node?: string } | string[] }>
    const refusing = Object.entries(packages)
      .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(floor!, range))
      .map(([path, range]) => `${path.replace(/^.*node_modules\//, '')} needs node ${range}`)
    expect(refusing).toEqual([])
  })
})
