/**
 * The frame app's service client against the real wallet service (memory store, real SMTP into the dev inbox): login
 * by e-mail code with non-extractable keys, proofs the service believes, the service's refusal texts, a session that
 * ends at sign-out, and a share sealed to the frame's key that the frame opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevWalletService, type DevWalletService } from '../../services/wallet/src/dev-service'
import { openSealedShare, serviceClient, ServiceError } from './service-client'

let wallet: DevWalletService

beforeAll(async () => {
  wallet = await startDevWalletService()
})
afterAll(async () => {
  await wallet?.stop()
})

async function codeFor(email: string): Promise<string> {
  const messages = (await (await fetch(`${wallet.inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
  const code = messages[0]?.code
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

describe('the frame service client', () => {
  it('logs in by e-mail code; session requests carry proofs the service believes; sign-out ends the session', async () => {
    const client = serviceClient({ baseUrl: wallet.url })
    await client.requestCode('Frame@Example.com')
    const session = await client.verify('frame@example.com', await codeFor('frame@example.com'))
    expect(session.account).toMatchObject({ email: 'frame@example.com', hasWallet: false })
    expect(session.keys.signing.privateKey.extractable).toBe(false)
    expect(session.keys.encryption.privateKey.extractable).toBe(false)
    expect(await client.session(session)).toMatchObject({ email: 'frame@example.com' })
    // Each proof is fresh: a second request is believed too.
    expect(await client.session(session)).toMatchObject({ email: 'frame@example.com' })
    await client.signOut(session)
    expect(await client.session(session)).toBeUndefined()
  })

  it('surfaces the 30 s cool-down text and a wrong code as ServiceError', async () => {
    const client = serviceClient({ baseUrl: wallet.url })
    await client.requestCode('cool@example.com')
    const again = await client.requestCode('cool@example.com').catch((error: unknown) => error)
    expect(again).toBeInstanceOf(ServiceError)
    expect((again as ServiceError).code).toBe('EMAIL_THROTTLED')
    expect((again as ServiceError).message).toMatch(/^Please try again after \d+ seconds$/)
    const code = await codeFor('cool@example.com')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const refused = await client.verify('cool@example.com', wrong).catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'CODE_INVALID', status: 401 })
    expect((refused as Error).message).not.toContain(code)
  })

  it('signs with the service clock: a frame clock 10 minutes off still passes after login', async () => {
    const client = serviceClient({ baseUrl: wallet.url, now: () => Date.now() - 600_000 })
    await client.requestCode('skew@example.com')
    const session = await client.verify('skew@example.com', await codeFor('skew@example.com'))
    expect(Math.abs(client.skew - 600_000)).toBeLessThan(60_000)
    expect(await client.session(session)).toMatchObject({ email: 'skew@example.com' })
  })

  it('uploads shares once and opens the auth share sealed to its key', async () => {
    const client = serviceClient({ baseUrl: wallet.url })
    await client.requestCode('shares@example.com')
    const session = await client.verify('shares@example.com', await codeFor('shares@example.com'))
    await client.putWallet(session, 'YXV0aA', 'cmVjb3Zlcnk')
    await expect(client.putWallet(session, 'YXV0aA', 'cmVjb3Zlcnk')).rejects.toMatchObject({ code: 'WALLET_EXISTS' })
    const sealed = await client.share(session, 'auth')
    expect(await openSealedShare(session.keys.encryption.privateKey, 'auth', sealed)).toBe('YXV0aA')
    await expect(openSealedShare(session.keys.encryption.privateKey, 'recovery', sealed)).rejects.toThrow()
  })
})
