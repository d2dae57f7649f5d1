import type { Session } from './service-client'
import type { FrameStorage } from './wallet-app'

/**
 * The frame's storage in its own origin's IndexedDB (docs/embedded-frame.md, "What the frame keeps"): the device share
 * encrypted with an AES-GCM key WebCrypto made non-extractable (stored as a CryptoKey, so its bytes never reach script),
 * the session (its token and its non-extractable P-256 keys, useless without them), and each dapp's preferences (its
 * networks and preferred account type; docs/embedded-frame.md, "Networks").
 */

const dbName = 'latch-wallet-frame'
const storeName = 'kv'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(storeName, mode).objectStore(storeName))
      request.onsuccess = () => resolve(request.result as T)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

const get = <T>(key: string) => run<T | undefined>('readonly', (store) => store.get(key))
const put = (key: string, value: unknown) => run<unknown>('readwrite', (store) => store.put(value, key))
const remove = (key: string) => run<unknown>('readwrite', (store) => store.delete(key))

async function wrappingKey(): Promise<CryptoKey> {
  const existing = await get<CryptoKey>('wrapping-key')
  if (existing) return existing
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  await put('wrapping-key', key)
  return key
}

/** `scope` keeps the preferences of each dapp apart (the page's verified origin). */
export function browserStorage(scope: string): FrameStorage {
  return {
    async getDeviceShare(accountId) {
      const record = await get<{ iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }>(`device-share:${accountId}`)
      if (!record) return undefined
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv, additionalData: new TextEncoder().encode(accountId) }, await wrappingKey(), record.data)
        return new TextDecoder().decode(plain)
      } catch {
        return undefined
      }
    },
    async putDeviceShare(accountId, share) {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(accountId) }, await wrappingKey(), new TextEncoder().encode(share))
      await put(`device-share:${accountId}`, { iv, data })
    },
    getSession: () => get<Session>('session'),
    getPreferences: () => get<unknown>(`preferences:${scope}`),
    putPreferences: async (preferences) => void (await put(`preferences:${scope}`, preferences)),
    async putSession(session) {
      if (session) await put('session', session)
      else await remove('session')
    },
  }
}
