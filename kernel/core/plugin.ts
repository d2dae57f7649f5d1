import { definePlugin } from '../plugin'
import { coreEvents } from './events'
import { coreIntents } from './intents'
import { corePersistence } from './persist'
import { chainReducers } from './reduce-chains'
import { connectionReducers } from './reduce-connection'
import { modalReducers } from './reduce-modal'
import { reconnectDeadlineEffect } from './reconnect-deadline-effect'
import { switchBackEffect } from './switch-back-effect'
import { toastEffect } from './toast-effect'

/** The kernel's own plugin: chains, connections, connectors, router, toasts, caches, options. Always registered. */
export const corePlugin = definePlugin({
  name: 'core',
  events: [...coreEvents, ...coreIntents],
  reduce: { ...chainReducers, ...connectionReducers, ...modalReducers },
  effects: [toastEffect, switchBackEffect, reconnectDeadlineEffect],
  persist: corePersistence,
})
