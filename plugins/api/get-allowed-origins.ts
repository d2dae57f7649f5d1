/**
 * GET /projects/v1/origins (docs/behaviour.md, "Provider API"): the origins the project allows. HTTP 429 throws
 * RATE_LIMITED and 500–599 SERVER_ERROR; any other failure gives an empty list.
 */
import * as z from 'zod/mini'
import { LatchError } from '../../kernel/index'
import { httpError, send, type ApiAnswer, type ApiClient } from '../provider-api/index'

/** Parameters of `getAllowedOrigins`. */
export type GetAllowedOriginsParameters = { signal?: AbortSignal }

/** Origin patterns (exact origins or `*` wildcards, see kernel `isOriginAllowed`). */
export type GetAllowedOriginsReturnType = string[]

/** What `getAllowedOrigins` throws: a LatchError with one of these codes (only these). */
export type GetAllowedOriginsErrorType = 'RATE_LIMITED' | 'SERVER_ERROR' | 'ABORTED'

const path = '/projects/v1/origins'
const responseSchema = z.object({ allowedOrigins: z.array(z.unknown()) })

/** Fetches the allowed origins; skipped (empty) when the client says the network is unsupported. */
export async function getAllowedOrigins(client: ApiClient, { signal }: GetAllowedOriginsParameters = {}): Promise<GetAllowedOriginsReturnType> {
  if (!client.supported()) return []
  let answer: ApiAnswer
  try {
    answer = await send(client, { path, signal })
  } catch (error) {
    // A timeout or a network failure is an "other failure"; a cancellation is the caller's.
    if (error instanceof LatchError && error.code === 'ABORTED') throw error
    return []
  }
  if (answer.status === 429 || (answer.status >= 500 && answer.status <= 599)) throw httpError(path, answer.status)
  if (answer.status < 200 || answer.status > 299) return []
  const parsed = z.safeParse(responseSchema, answer.body)
  if (!parsed.success) return []
  return parsed.data.allowedOrigins.filter((origin): origin is string => typeof origin === 'string' && origin !== '')
}
