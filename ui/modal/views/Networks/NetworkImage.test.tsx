// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { modalOpened, type CaipNetwork } from '../../../../kernel/index'
import { createTestNetwork } from '../../../../kernel/testing'
import { api } from '../../../../plugins/api/index'
import { assetImageUrl, createApiClient } from '../../../../plugins/api/client'
import { preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/behaviour.md, "Images": a network's image from the provider's asset image route (`assets.imageId`), only with a
// provider API and when the integrator gave no `imageUrl`.

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const baseUrl = 'http://127.0.0.1:9/provider'
const withImageId: CaipNetwork = { ...createTestNetwork('eip155', 1, { name: 'Ethereum' }), assets: { imageId: 'ethereum-id' } }
const withImageUrl: CaipNetwork = { ...createTestNetwork('eip155', 10, { name: 'Optimism' }), assets: { imageId: 'optimism-id', imageUrl: 'data:image/png;base64,AA==' } }

async function networkImages(plugins: ReturnType<typeof api>[]) {
  // The api plugin without its effects: this test draws, it asks the provider nothing.
  const t = setup({ networks: [withImageId, withImageUrl], projectId: 'p1', plugins: plugins.map((plugin) => ({ ...plugin, effects: [] })) })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'Networks' } })))
  await settle()
  return [...shadow().querySelectorAll('.network-icon')].map((icon) => icon.querySelector('img')?.getAttribute('src') ?? `initial ${icon.textContent}`)
}

describe("network images from the provider's asset image route", () => {
  it('GET /public/getAssetImage/{assets.imageId} with projectId, st and sv; an imageUrl given is kept', async () => {
    const client = createApiClient({ baseUrl, projectId: 'p1', fetch: globalThis.fetch, scheduler: undefined as never })
    expect(await networkImages([api({ baseUrl })])).toEqual([assetImageUrl(client, 'ethereum-id'), 'data:image/png;base64,AA=='])
    expect(assetImageUrl(client, 'ethereum-id')).toMatch(/^http:\/\/127\.0\.0\.1:9\/provider\/public\/getAssetImage\/ethereum-id\?projectId=p1&st=latch&sv=/)
  })

  it('draws no provider image (so asks for none) without a provider API', async () => {
    expect(await networkImages([api()])).toEqual(['initial E', 'data:image/png;base64,AA=='])
  })
})
