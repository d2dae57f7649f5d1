import { firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { rpcCall } from './rpc'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(LatchError)
      return error as LatchError
    },
  )

const answering = (body: string, status = 200): typeof fetch => async () => new Response(body, { status })

describe('rpcCall', () => {
  it('tells the developer why a call failed, by code', async () => {
    const call = (port: typeof fetch) => firstValueFrom(rpcCall({ ...createTestPorts().ports, fetch: port }, 'http://127.0.0.1:9/', 'eth_chainId', []))
    // Port 9 (discard) is closed here: the request never gets an answer.
    expect((await failure(call(globalThis.fetch))).code).toBe('NETWORK_ERROR')
    expect((await failure(call(answering('<html>')))).code).toBe('INVALID_RESPONSE')
    expect((await failure(call(answering('{"jsonrpc":"2.0","id":1}')))).code).toBe('INVALID_RESPONSE')
    expect((await failure(call(answering('oops', 503)))).code).toBe('SERVER_ERROR')
    expect((await failure(call(answering('slow down', 429)))).code).toBe('RATE_LIMITED')
    const rpcError = await failure(call(answering('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no such method"}}')))
    expect(rpcError.details).toContain('-32601')
    expect(await call(answering('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}'))).toBe('0x7a69')
  })

  it('times out after 10 s of the clock and aborts the request', async () => {
    const t = createTestPorts()
    let signal: AbortSignal | undefined
    const hanging: typeof fetch = (_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise(() => {})
    }
    const result = failure(firstValueFrom(rpcCall({ ...t.ports, fetch: hanging }, 'http://127.0.0.1:9/', 'eth_chainId', [])))
    t.advance(10_000)
    expect((await result).code).toBe('REQUEST_TIMEOUT')
    expect(signal?.aborted).toBe(true)
  })
})
