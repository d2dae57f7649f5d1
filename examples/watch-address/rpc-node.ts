/**
 * A JSON-RPC node on 127.0.0.1 for the watch-address tests: answers `eth_getBalance` with `balance` wei for any
 * address, anything else with a JSON-RPC error. Records the methods asked.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function startRpcNode(balance: bigint): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (data: Buffer) => (body += data.toString()))
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] }
      asked.push(`${call.method}(${JSON.stringify(call.params)})`)
      const answer = call.method === 'eth_getBalance' ? { result: `0x${balance.toString(16)}` } : { error: { code: -32601, message: 'method not found' } }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...answer }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
