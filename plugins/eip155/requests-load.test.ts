import { describe, expect, it, vi } from 'vitest'
import { connect, createLatch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'
import { eip155 } from './index'

// The chunk of wallet requests (requests.ts) cannot be fetched, as when the network dropped (docs/behaviour.md, "What loads when").
vi.mock('./requests', () => {
  throw new Error('the chunk could not be fetched')
})

const address = '0x1111111111111111111111111111111111111111'

function wallet() {
  const methods: string[] = []
  const provider = {
    request({ method }: { method: string }) {
      methods.push(method)
      return Promise.resolve(method === 'eth_chainId' ? '0x1' : [address])
    },
    on() {},
    removeListener() {},
  }
  const info = { uuid: 'w-uuid', name: 'W', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.example.w' }
  return { methods, announceOn: (target: EventTarget) => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } })) }
}

describe('wallet requests whose code cannot be loaded', () => {
  it('fail at once with NETWORK_ERROR, the wallet unasked, and the next one tries the import again', async () => {
    const win = createFakeWindow()
    const t = createTestPorts()
    const latch = createLatch({ networks: [createTestNetwork('eip155', 1)], plugins: [eip155()], ports: { ...t.ports, window: win.window } })
    const w = wallet()
    w.announceOn(win.target)
    await expect(connect(latch, { connectorId: 'io.example.w', ns: 'eip155' })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    await expect(connect(latch, { connectorId: 'io.example.w', ns: 'eip155' })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(w.methods).toEqual([])
    expect(latch.getState().connection.status).not.toBe('connected')
    expect(t.warnings.some((warning) => warning.includes('wallet requests could not be loaded'))).toBe(true)
  })
})
