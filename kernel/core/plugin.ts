import { definePlugin, type Updaters } from '../engine/plugin'
import { coreEvents } from './events'
import { coreIntents } from './intents'
import { corePersistence } from './persist'
import { balanceEvents, balanceReducers } from './slices/balances'
import { cacheReducers } from './slices/caches'
import { chainReducers } from './slices/chains'
import { attemptEvents, connectionReducers } from './slices/connection'
import { connectorReducers } from './slices/connectors'
import { optionsReducers } from './slices/options'
import { pageReducers } from './slices/page'
import { routerReducers } from './slices/router'
import { toastReducers } from './slices/toast'
import { namespaceReturnEffect } from './namespace-return-effect'
import { reconnectDeadlineEffect } from './reconnect-deadline-effect'
import { switchBackEffect } from './switch-back-effect'
import { toastEffect } from './toast-effect'
import { tokenToastEffect } from './token-toast-effect'
import { visibilityEffect } from './visibility-effect'

/** The kernel's own plugin: chains, connections, connectors, router, toasts, caches, balances, the page, options. Always registered. */
export const corePlugin = definePlugin({
  name: 'core',
  events: [...coreEvents, ...coreIntents, ...balanceEvents, ...attemptEvents],
  // Immutable updates, not immer drafts: they are the hot path of dispatch and replay. Typed as Updaters, so the
  // declaration names the type instead of listing every event type known where it is built.
  update: {
    ...optionsReducers,
    ...chainReducers,
    ...connectionReducers,
    ...connectorReducers,
    ...routerReducers,
    ...toastReducers,
    ...cacheReducers,
    ...balanceReducers,
    ...pageReducers,
  } as unknown as Updaters,
  effects: [toastEffect, switchBackEffect, namespaceReturnEffect, reconnectDeadlineEffect, visibilityEffect, tokenToastEffect],
  persist: corePersistence,
})
