/**
 * What one provider API call does once its clock runs (client.ts, `send`): the fetch, the redirect check and the reading
 * of the answer's body. Loaded on the first call of the page (docs/behaviour.md, "What loads when"); it imports nothing
 * of its folder (`send` hands it what it needs), so it shares no module with the first load (docs/chunks.md).
 */
import { LatchError } from '../../kernel/index'

/** One exchange: the fetch port, the route's full URL, and the call's signal (its clock and the caller's signal). */
export type Exchange = { fetch: typeof globalThis.fetch; method: 'GET' | 'POST'; path: string; url: string; body: unknown; signal: AbortSignal; maxBytes: number }

/** Fetches `url` and reads the answer; throws `SERVER_ERROR` for a redirect or a body over `maxBytes`. */
export async function exchange({ fetch, method, path, url, body, signal, maxBytes }: Exchange): Promise<{ status: number; body: unknown }> {
  // docs/behaviour.md, "Provider API": a redirect is never followed, so nothing (the project id, the address) reaches
  // a host the integrator did not configure. Browsers answer 'manual' with an opaque redirect (status 0), Node with the 3xx.
  const init: RequestInit =
    body === undefined
      ? { method, signal, redirect: 'manual' }
      : { method, signal, redirect: 'manual', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(url, init)
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new LatchError('SERVER_ERROR', { details: `${method} ${path} answered a redirect (HTTP ${response.status}), which Latch does not follow` })
  }
  const text = await readText(response, maxBytes)
  if (text === undefined) throw new LatchError('SERVER_ERROR', { details: `${method} ${path} answered a body over ${maxBytes} bytes` })
  return { status: response.status, body: parseJson(text) }
}

/** The body as text, or undefined when it is longer than `max` bytes: then it is not read further. */
async function readText(response: Response, max: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > max) {
    void response.body?.cancel().catch(() => {})
    return undefined
  }
  if (!response.body) {
    const text = await response.text() // a fetch port without streams: measured once read
    return text.length > max ? undefined : text
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength
    if (bytes > max) {
      void reader.cancel().catch(() => {})
      return undefined
    }
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text + decoder.decode()
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
