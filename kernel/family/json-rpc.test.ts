import fc from 'fast-check'
import { firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../engine/errors'
import { createTestPorts } from '../testing'
import { jsonRpcCall, postJsonRpc, readJsonRpcResult } from './json-rpc'

const answering = (body: string, status = 200): typeof fetch => async () => new Response(body, { status })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(LatchError)
      return error as LatchError
    },
  )

describe('readJsonRpcResult (validation of a JSON-RPC answer)', () => {
  it('gives a result back as it came; an error answer is UNKNOWN with its code and message (cut) and the error as cause', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (result) => {
        expect(readJsonRpcResult({ jsonrpc: '2.0', id: 1, result }, 'm')).toEqual(result)
      }),
    )
    fc.assert(
      fc.property(fc.integer(), fc.string(), fc.option(fc.nat(400), { nil: undefined }), (code, message, cut) => {
        let thrown: unknown
        try {
          readJsonRpcResult({ error: { code, message } }, 'getBalance', cut)
        } catch (error) {
          thrown = error
        }
        expect(thrown).toMatchObject({ code: 'UNKNOWN', details: `getBalance: RPC error ${code}: ${message.slice(0, cut)}`, cause: { code, message } })
      }),
    )
  })

  it('anything that is not a JSON-RPC answer is INVALID_RESPONSE, never another failure', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        fc.pre(typeof junk !== 'object' || junk === null || !('result' in junk || 'error' in junk))
        expect(() => readJsonRpcResult(junk, 'm')).toThrow(expect.objectContaining({ code: 'INVALID_RESPONSE', details: 'm: not a JSON-RPC response' }))
      }),
    )
  })
})

describe('postJsonRpc / jsonRpcCall (over the fetch port)', () => {
  it('tells why a call failed, by code, and gives the result with the body text', async () => {
    const call = (port: typeof fetch) => firstValueFrom(jsonRpcCall({ ...createTestPorts().ports, fetch: port }, 'http://127.0.0.1:9/', 'getSlot', []))
    expect(await failure(call(async () => Promise.reject(new TypeError('refused'))))).toMatchObject({ code: 'NETWORK_ERROR', details: 'getSlot to http://127.0.0.1:9/ failed: refused' })
    expect((await failure(call(answering('<html>')))).code).toBe('INVALID_RESPONSE')
    expect((await failure(call(answering('oops', 503)))).code).toBe('SERVER_ERROR')
    expect((await failure(call(answering('slow down', 429)))).code).toBe('RATE_LIMITED')
    expect(await failure(call(answering('gone', 404)))).toMatchObject({ code: 'UNKNOWN', details: 'getSlot: HTTP 404' })
    expect(await failure(firstValueFrom(jsonRpcCall(createTestPorts().ports, 'http://127.0.0.1:9/', 'getSlot', [])))).toMatchObject({ details: 'no fetch port' })
    const body = '{"jsonrpc":"2.0","id":1,"result":12345678901234567890}'
    expect(await call(answering(body))).toEqual({ result: 12345678901234567890, text: body })
  })

  it('times out after `timeout` ms of the clock port, not before, and aborts the fetch; unsubscribing aborts too', async () => {
    const t = createTestPorts()
    const signals: AbortSignal[] = []
    const hanging: typeof fetch = (_url, init) => {
      if (init?.signal) signals.push(init.signal)
      return new Promise(() => {})
    }
    const ports = { ...t.ports, fetch: hanging }
    const result = failure(firstValueFrom(postJsonRpc(ports, 'http://127.0.0.1:9/', [], 'a batch', 2000)))
    t.advance(1999)
    expect(signals[0]?.aborted).toBe(false)
    t.advance(1)
    expect(await result).toMatchObject({ code: 'REQUEST_TIMEOUT', details: 'a batch to http://127.0.0.1:9/ got no answer in 2000 ms' })
    expect(signals[0]?.aborted).toBe(true)
    postJsonRpc(ports, 'http://127.0.0.1:9/', [], 'x').subscribe({ error: () => {} }).unsubscribe()
    expect(signals[1]?.aborted).toBe(true)
  })
})
