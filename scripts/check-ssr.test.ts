import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsSafely } from './check-ssr'

describe('the SSR import check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-ssr-'))
  it('passes a module that waits to be called before touching the window', () => {
    const file = join(dir, 'good.mjs')
    writeFileSync(file, 'export const read = () => window.location.href\n')
    expect(importsSafely(file)).toMatchObject({ ok: true })
  })
  it('fails a module that touches a browser global at import', () => {
    const file = join(dir, 'bad.mjs')
    writeFileSync(file, 'export const storage = localStorage\n')
    expect(importsSafely(file)).toEqual({ ok: false, error: expect.stringContaining('touched localStorage at import') })
  })
})
