/** GET /getAnalyticsConfig (docs/behaviour.md, "Provider API"): whether the project has analytics enabled. */
import * as z from 'zod/mini'
import { getJson, parseBody, type ApiClient } from '../provider-api/index'

/** Parameters of `getAnalyticsConfig`. */
export type GetAnalyticsConfigParameters = { signal?: AbortSignal }

/** The project's analytics switch. */
export type GetAnalyticsConfigReturnType = { isAnalyticsEnabled: boolean }

/** What `getAnalyticsConfig` throws: a LatchError with one of these codes. */
export type GetAnalyticsConfigErrorType = 'REQUEST_TIMEOUT' | 'ABORTED' | 'NETWORK_ERROR' | 'UNKNOWN' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'INVALID_APP_CONFIGURATION'

const path = '/getAnalyticsConfig'
const responseSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/** Fetches the analytics switch; skipped (analytics off) when the client says the network is unsupported. */
export async function getAnalyticsConfig(client: ApiClient, { signal }: GetAnalyticsConfigParameters = {}): Promise<GetAnalyticsConfigReturnType> {
  if (!client.supported()) return { isAnalyticsEnabled: false }
  const { isAnalyticsEnabled } = parseBody(responseSchema, await getJson(client, { path, signal }), path)
  return { isAnalyticsEnabled }
}
