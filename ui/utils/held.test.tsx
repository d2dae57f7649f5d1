// @vitest-environment jsdom
import { act, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { useHeld } from './held'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Mounts a component holding `key` (with or without StrictMode); returns the log of holds and releases. */
async function mount(strict: boolean) {
  const log: string[] = []
  let setKey: (key: string) => void = () => undefined
  function Holder() {
    const [key, set] = useState('a')
    setKey = set
    useHeld(() => {
      log.push(`hold ${key}`)
      return () => void log.push(`release ${key}`)
    }, [key])
    return null
  }
  const root = createRoot(document.createElement('div'))
  await act(async () => root.render(strict ? <StrictMode><Holder /></StrictMode> : <Holder />))
  return { log, setKey: (key: string) => act(() => setKey(key)), unmount: () => act(async () => root.unmount()) }
}

describe('useHeld (docs/react.md, "StrictMode")', () => {
  it.each([true, false])('holds once per mount (StrictMode %s), releases at once on new deps, and after unmount', async (strict) => {
    const h = await mount(strict)
    expect(h.log).toEqual(['hold a'])
    h.setKey('b')
    // The old hold goes before the new one is taken, in the same commit.
    expect(h.log).toEqual(['hold a', 'release a', 'hold b'])
    await h.unmount()
    expect(h.log).toEqual(['hold a', 'release a', 'hold b', 'release b'])
  })
})
