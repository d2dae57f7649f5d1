import { definePlugin, type Reducers } from '../engine/plugin'
import { attemptEvents, attemptReducers } from './attempt'
import { balanceEvents } from './balance-events'
import { coreEvents } from './events'
import { coreIntents } from './intents'
import { corePersistence } from './persist'
import { balanceReducers } from './reduce-balances'
import { chainReducers } from './reduce-chains'
import { connectionReducers } from './reduce-connection'
import { modalReducers } from './reduce-modal'
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
  // Typed as Reducers, so the declaration names the type instead of listing every event type known where it is built.
  reduce: { ...chainReducers, ...connectionReducers, ...modalReducers, ...balanceReducers, ...attemptReducers } as Reducers,
  effects: [toastEffect, switchBackEffect, namespaceReturnEffect, reconnectDeadlineEffect, visibilityEffect, tokenToastEffect],
  persist: corePersistence,
})
