// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithLatch, setup } from '../../../scripts/testing/ui'
import { loadedModal } from '../../modal-loader'

// A file of its own: the modal chunk must not have been loaded by an earlier test of this module graph.
describe('the modal chunk', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is asked for as the provider mounts, without waiting for the browser to be idle (docs/react.md, "The modal\'s lazy chunk")', async () => {
    // A browser that is never idle: nothing waiting for an idle callback runs.
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const { latch } = setup()
    expect(loadedModal()).toBeUndefined()
    const { unmount } = await renderWithLatch({ latch, children: null })
    await vi.waitFor(() => expect(loadedModal()).toBeDefined(), { timeout: 4_000 })
    // Nothing of it is in the page before the modal is needed.
    expect(document.querySelector('[data-latch-modal]')).toBeNull()
    await unmount()
  })
})
