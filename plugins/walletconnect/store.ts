/**
 * Where the sign-client keeps sessions, pairings and keys (docs/walletconnect.md, "Options"). Apart from client.ts, so
 * the plugin's entry never imports the sign-client.
 */

/** A key-value store for the sign-client's sessions, pairings and keys (the shape the sign-client takes as `storage`). */
export type KeyValueStore = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** A key-value store in memory (tests; a page that must not keep sessions). */
export function memoryStore(): KeyValueStore {
  const items = new Map<string, unknown>()
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async (key, value) => void items.set(key, structuredClone(value)),
    removeItem: async (key) => void items.delete(key),
  }
}
