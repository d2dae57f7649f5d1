/**
 * A fetch port for balance tests: forwards to the real node, records the JSON-RPC method of every
 * request when it is sent, and lets a test wait until every request sent so far has been answered and
 * handled (`idle()`), so polls on virtual time can be counted one interval at a time.
 */
export function countingFetch(options: { fail?: (method: string) => boolean } = {}) {
  const methods: string[] = []
  let answered = 0
  let wake: (() => void) | undefined
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {}
    const method = body.method ?? ''
    methods.push(method)
    try {
      if (options.fail?.(method)) throw new TypeError('fetch failed')
      const response = await globalThis.fetch(input, init)
      // Read here, so that once `answered` counts it only in-memory steps remain.
      const text = await response.text()
      return { ok: response.ok, status: response.status, headers: response.headers, json: async () => JSON.parse(text) as unknown, text: async () => text } as Response
    } finally {
      answered += 1
      wake?.()
    }
  }
  return {
    fetch,
    methods,
    count: (method: string) => methods.filter((m) => m === method).length,
    /** Resolves once every request sent so far is answered and what it caused has run (no time passes on any clock). */
    async idle(): Promise<void> {
      // An answer may cause another request (a receipt, then the balance): wait until none is left
      // and a few turns of the event loop (no clock time) pass without a new one.
      for (let quiet = 0; quiet < 3; ) {
        if (answered < methods.length) {
          quiet = 0
          await new Promise<void>((resolve) => (wake = resolve))
          continue
        }
        const sent = methods.length
        await new Promise((resolve) => setImmediate(resolve))
        quiet = methods.length === sent && answered === sent ? quiet + 1 : 0
      }
    },
  }
}

/**
 * Runs the receipt polls on virtual time until the visitor's latest transaction is reported mined (anvil may
 * answer the first receipt request before it has mined the block), then waits for what follows.
 */
export async function untilMined(
  h: { t: { advance(ms: number): void }; types(): string[] },
  rpcLog: { idle(): Promise<void> },
  interval = 4_000,
): Promise<void> {
  // Receipts reported before this call (an earlier transaction's) do not count.
  const receipts = () => h.types().filter((type) => type === 'eip155/receiptReceived').length
  const before = receipts()
  h.t.advance(0)
  await rpcLog.idle()
  for (let polls = 0; receipts() === before; polls++) {
    if (polls === 5) throw new Error('no receipt after 5 polls')
    h.t.advance(interval)
    await rpcLog.idle()
  }
}
