import { createContext, useContext } from 'react'
import type { Latch } from '../kernel/index'
import type { ConnectorGroupName } from '../kernel/rules/connectors'
import type { LatchAddon } from './addons'

/** What LatchProvider hands to hooks, buttons and the modal. */
export type LatchContextValue = {
  latch: Latch
  /** Wallet-list group order that overrides default (docs/behaviour.md, "Wallet list"). */
  connectorOrder?: readonly ConnectorGroupName[]
  addons: readonly LatchAddon[]
}

/** The provider's context; undefined outside a LatchProvider. */
export const LatchContext = createContext<LatchContextValue | undefined>(undefined)

/** The provider's value; throws a clear error outside a LatchProvider. */
export function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext)
  if (!value) throw new Error('Latch hooks and components must be used inside <LatchProvider latch={…}>')
  return value
}

/** The Latch instance of the nearest LatchProvider. */
export function useLatchInstance(): Latch {
  return useLatchContext().latch
}
