/** The frame app's tests' storage: in memory, the device shares readable by the test. */
import type { Session } from './service-client'
import type { FrameStorage } from './wallet-app'

export function memoryFrameStorage(): FrameStorage & { shares: Map<string, string> } {
  const shares = new Map<string, string>()
  let session: Session | undefined
  let preferences: unknown
  return {
    shares,
    getPreferences: async () => preferences,
    putPreferences: async (next) => void (preferences = structuredClone(next)),
    getDeviceShare: async (id) => shares.get(id),
    putDeviceShare: async (id, share) => void shares.set(id, share),
    getSession: async () => session,
    putSession: async (next) => void (session = next),
  }
}
