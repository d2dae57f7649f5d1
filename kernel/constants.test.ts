import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sdkVersion } from './constants'

describe('sdkVersion', () => {
  it("is package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(sdkVersion).toBe(`latch-${version}`)
  })
})
