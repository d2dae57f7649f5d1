/** Public verbs, each built on `latch.request`, so every action and its outcome are in the log. */
export * from './connect'
export * from './disconnect'
export * from './request'
export * from './send-transaction'
export * from './sign-message'
export * from './switch-network'
export * from './connections'
export type * from './errors'
