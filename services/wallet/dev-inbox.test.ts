import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devInboxLimits, startDevInbox, type DevInbox } from './src/dev-inbox'
import { smtpMailer, type Mailer } from './src/mailer'

let inbox: DevInbox
let mailer: Mailer

beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
})

afterAll(async () => {
  mailer?.close()
  await inbox?.stop()
})

describe('the dev inbox (docs/wallet-service.md, "The dev inbox")', () => {
  it('receives mail over SMTP on 127.0.0.1 and lists it newest first, with its code, as JSON and as a page', async () => {
    expect(inbox.smtp.host).toBe('127.0.0.1')
    await mailer.send({ to: 'Ada@Example.com', subject: 'Your wallet login code', text: 'Your login code is 123456\n' })
    await mailer.send({ to: 'bob@example.com', subject: '<script>alert(1)</script>', text: 'no code here, only 12345 and 1234567' })
    const all = (await (await fetch(`${inbox.url}/messages`)).json()) as { to: string[]; subject: string; code: string | null }[]
    expect(all.map(({ to, code }) => ({ to, code }))).toEqual([
      { to: ['bob@example.com'], code: null },
      { to: ['ada@example.com'], code: '123456' },
    ])
    const ada = (await (await fetch(`${inbox.url}/messages?to=ADA@example.com`)).json()) as unknown[]
    expect(ada).toHaveLength(1)
    const page = await fetch(inbox.url)
    const html = await page.text()
    expect(html).toContain('123456')
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(html).not.toContain('<script>')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect((await fetch(`${inbox.url}/messages`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${inbox.url}/nothing`)).status).toBe(404)
  })

  it('keeps the last messages only (200 by default)', async () => {
    expect(devInboxLimits.messages).toBe(200)
    const small = await startDevInbox({ keep: 2 })
    const to = smtpMailer({ ...small.smtp, from: 'w@localhost' })
    try {
      for (const n of [1, 2, 3]) await to.send({ to: 'a@example.com', subject: `m${n}`, text: '' })
      expect(small.messages().map((m) => m.subject)).toEqual(['m3', 'm2'])
    } finally {
      to.close()
      await small.stop()
    }
  })
})
