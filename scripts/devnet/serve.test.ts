import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoCsp, startStaticServer, type StaticServer } from './serve'

describe('startStaticServer', () => {
  const root = mkdtempSync(join(tmpdir(), 'latch-serve-'))
  writeFileSync(join(root, 'index.html'), '<p>from disk</p>')
  writeFileSync(join(root, 'app.js'), 'export {}')
  let server: StaticServer
  afterAll(() => server?.stop())

  it('serves in-memory files first, then the folder, with the CSP on every response', async () => {
    const files = { '/': { body: '<p>in memory</p>', type: 'text/html; charset=utf-8' } }
    server = await startStaticServer({ root, files })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const home = await fetch(`${server.url}/`)
    expect(await home.text()).toBe('<p>in memory</p>')
    expect(home.headers.get('content-security-policy')).toBe(demoCsp)
    expect(await (await fetch(`${server.url}/index.html`)).text()).toBe('<p>from disk</p>')
    const js = await fetch(`${server.url}/app.js`)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const missing = await fetch(`${server.url}/missing.js`)
    expect([missing.status, missing.headers.get('content-security-policy')]).toEqual([404, demoCsp])
    expect((await fetch(`${server.url}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404)
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405)
  })
})
