// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountConnected, modalOpened, networkSwitched, routerPushed, type CaipNetwork, type ChainNamespace } from '../../../../kernel/index'
import { createTestNetwork } from '../../../../kernel/testing'
import { decodePixels, pixels, rasterise } from '../../../../scripts/testing/qr'
import { button, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'
import { receiveAddress } from './Receive'

// docs/behaviour.md, "Receive".
const networks: CaipNetwork[] = [
  { ...createTestNetwork('eip155', 1, { name: 'Ethereum' }), assets: { imageUrl: 'data:image/png;base64,iVBORw0KGgo=' } },
  createTestNetwork('eip155', 10, { name: 'Optimism' }),
  createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', { name: 'Solana' }),
  createTestNetwork('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', { name: 'Solana Devnet' }),
  createTestNetwork('bip122', '000000000019d6689c085ae165831e93', { name: 'Bitcoin' }),
]
const accounts = {
  eip155: { address: '0x52908400098527886e0f7030069857d2e4169ee7', network: 'eip155:1' },
  solana: { address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  bip122: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', network: 'bip122:000000000019d6689c085ae165831e93' },
} as const

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  vi.unstubAllGlobals()
  await cleanup?.()
  cleanup = undefined
})

async function openReceive(ns: ChainNamespace & keyof typeof accounts) {
  const t = setup({ networks: networks as never })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  const { address, network } = accounts[ns]
  act(() => {
    t.latch.dispatch(accountConnected({ caipAddress: `${network}:${address}` as `${string}:${string}:${string}`, connectorId: 'wallet' }, { ns }))
    t.latch.dispatch(networkSwitched({ caipNetworkId: network as `${string}:${string}` }, { ns }))
    t.latch.dispatch(modalOpened({}))
    t.latch.dispatch(routerPushed({ view: { name: 'Receive' } }))
  })
  await settle()
  return t
}

/** The drawn code, rasterised from its SVG path and read back by an independent decoder (jsqr). */
function scanQr(): string | undefined {
  const svg = shadow().querySelector('.receive-qr svg')
  const d = svg?.querySelector('path')?.getAttribute('d')
  const size = Number(svg?.getAttribute('viewBox')?.split(' ')[2])
  if (!d || !size) return undefined
  const scale = 4
  const raster = rasterise(d, size * scale, scale)
  return decodePixels(pixels(size * scale, (x, y) => raster[y]?.[x] === true), size * scale)?.text
}

const networkNames = () => [...shadow().querySelectorAll('.receive-networks li > span[dir]')].map((name) => name.textContent)

describe('Receive', () => {
  it('EVM: the code decodes to the checksummed address alone, shown in full; the EVM networks it receives on', async () => {
    await openReceive('eip155')
    expect(shadow().querySelector('h2')?.textContent).toBe('Receive')
    expect(scanQr()).toBe('0x52908400098527886E0F7030069857D2E4169EE7')
    expect(shadow().querySelector('.receive-qr')?.getAttribute('role')).toBe('img')
    expect(shadow().querySelector('.receive-qr')?.getAttribute('aria-label')).toBe('QR code of your EVM address')
    expect(shadow().querySelector('.receive-address bdi')?.textContent).toBe('0x52908400098527886E0F7030069857D2E4169EE7')
    expect(networkNames()).toEqual(['Ethereum', 'Optimism'])
    expect(shadow().querySelector('.receive-networks ul')?.getAttribute('aria-labelledby')).toBe(shadow().querySelector('.receive-networks h3')?.id)
    expect(shadow().querySelector('.receive-networks li img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(shadow().querySelector('.receive-warning')?.textContent).toBe('Send assets to this address only on these networks. Assets sent on another network may be lost.')
  })

  it('Solana and Bitcoin: the code holds the address as it is; each lists its own family only', async () => {
    await openReceive('solana')
    expect(scanQr()).toBe(accounts.solana.address)
    expect(networkNames()).toEqual(['Solana', 'Solana Devnet'])
    await cleanup?.()
    cleanup = undefined
    await openReceive('bip122')
    expect(scanQr()).toBe(accounts.bip122.address)
    expect(shadow().querySelector('.receive-address bdi')?.textContent).toBe(accounts.bip122.address)
    expect(networkNames()).toEqual(['Bitcoin'])
  })

  it('Copy address copies the full address and confirms with a Copied toast', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { ofType } = await openReceive('eip155')
    await act(async () => button('Copy address').click())
    expect(writeText).toHaveBeenCalledWith('0x52908400098527886E0F7030069857D2E4169EE7')
    expect(ofType('toast/requested').map((e) => e.payload)).toEqual([{ toast: { message: 'Copied', messageId: 'account.copied', variant: 'success' } }])
    expect(shadow().querySelector('[role="status"]')?.textContent).toBe('Copied')
  })

  it('a clipboard that refuses shows an error toast', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    await openReceive('solana')
    await act(async () => button('Copy address').click())
    expect(shadow().querySelector('.toast-region[role="alert"]')?.textContent).toBe('Could not copy the address')
  })
})

describe('receiveAddress', () => {
  it('checksums a well-formed EVM address and leaves everything else as it is', () => {
    expect(receiveAddress('eip155', '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')
    expect(receiveAddress('eip155', '0x1234')).toBe('0x1234')
    expect(receiveAddress('solana', accounts.solana.address)).toBe(accounts.solana.address)
    expect(receiveAddress('bip122', accounts.bip122.address)).toBe(accounts.bip122.address)
  })
})
