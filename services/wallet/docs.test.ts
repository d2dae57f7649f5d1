/**
 * docs/wallet-service.md held against the code: its "Errors" table is errors.ts's codes with their statuses, and its
 * "Configuration" table names exactly the variables config.ts reads.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { errorCodes } from './src/errors'

const guide = readFileSync(new URL('../../docs/wallet-service.md', import.meta.url), 'utf8')

/** The section under `## <name>`, to the next `## `. */
function section(name: string): string {
  const start = guide.indexOf(`\n## ${name}\n`)
  expect(start, name).toBeGreaterThanOrEqual(0)
  const rest = guide.slice(start + 1)
  const end = rest.indexOf('\n## ', 1)
  return end < 0 ? rest : rest.slice(0, end)
}

describe('docs/wallet-service.md', () => {
  it('"Errors" lists every code of errors.ts with its status, and no other', () => {
    const rows = [...section('Errors').matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])])
    expect(Object.fromEntries(rows)).toEqual(errorCodes)
    expect(rows).toHaveLength(Object.keys(errorCodes).length)
  })

  it('"Configuration" names exactly the variables config.ts reads', () => {
    const source = readFileSync(new URL('./src/config.ts', import.meta.url), 'utf8')
    const schema = source.slice(source.indexOf('const envSchema'), source.indexOf('export type WalletConfig'))
    const read = [...schema.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]).sort()
    const documented = [...section('Configuration').matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)? \|/gm)].flatMap((m) => [m[1], m[2]]).filter(Boolean).sort()
    expect(documented).toEqual(read)
  })
})
