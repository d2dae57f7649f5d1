/** GET /appkit/v1/config (docs/behaviour.md, "Provider API"): the project's remote features, read as a record of booleans. */
import * as z from 'zod/mini'
import { getJson, parseBody, type ApiClient } from '../provider-api/index'

/** Parameters of `getFeatures`. */
export type GetFeaturesParameters = { signal?: AbortSignal }

/** Feature name → enabled. Entries that are not booleans are left out. */
export type GetFeaturesReturnType = Record<string, boolean>

/** What `getFeatures` throws: a LatchError with one of these codes. */
export type GetFeaturesErrorType = 'REQUEST_TIMEOUT' | 'ABORTED' | 'NETWORK_ERROR' | 'UNKNOWN' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'INVALID_APP_CONFIGURATION'

const path = '/appkit/v1/config'
const responseSchema = z.object({ features: z.record(z.string(), z.unknown()) })

/** Fetches the remote features; skipped (empty) when the client says the network is unsupported. */
export async function getFeatures(client: ApiClient, { signal }: GetFeaturesParameters = {}): Promise<GetFeaturesReturnType> {
  if (!client.supported()) return {}
  const { features } = parseBody(responseSchema, await getJson(client, { path, signal }), path)
  const result: Record<string, boolean> = {}
  for (const [name, value] of Object.entries(features)) if (typeof value === 'boolean') result[name] = value
  return result
}
