/**
 * The development relay's mailbox (scripts/devnet/wc-relay.ts): every message published on a topic is kept for its
 * ttl, so a client that subscribes later still gets it (the dapp subscribes to the session topic only after the
 * wallet published the settlement there). A client gets a message once it is subscribed, unless it published it
 * or already acknowledged it. Expired messages are dropped whenever the mailbox is read.
 */

/** One published message. `from` and `acked` hold client keys (scripts/devnet/wc-relay.ts, clientKey). */
export type Mail = {
  seq: number
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag?: number
  attestation?: string
  from: string
  acked: Set<string>
}

export type Mailbox = ReturnType<typeof createMailbox>

export function createMailbox(now: () => number = Date.now) {
  const byTopic = new Map<string, Mail[]>()
  let seq = 0
  const live = (topic: string): Mail[] => {
    const kept = (byTopic.get(topic) ?? []).filter((mail) => mail.expiresAt > now())
    if (kept.length) byTopic.set(topic, kept)
    else byTopic.delete(topic)
    return kept
  }
  return {
    /** Keeps a message for `ttl` seconds and returns it. */
    put(input: { topic: string; message: string; ttl: number; tag?: number; attestation?: string; from: string }): Mail {
      const publishedAt = now()
      const mail: Mail = { seq: ++seq, ...input, publishedAt, expiresAt: publishedAt + input.ttl * 1000, acked: new Set() }
      byTopic.set(input.topic, [...live(input.topic), mail])
      return mail
    },
    /** The unexpired messages on `topic` that `client` has neither published nor acknowledged, oldest first. */
    pendingFor(topic: string, client: string): Mail[] {
      return live(topic).filter((mail) => mail.from !== client && !mail.acked.has(client))
    },
    /** Marks a message as received by `client`. */
    ack(mail: Mail, client: string): void {
      mail.acked.add(client)
    },
    /** How many unexpired messages the mailbox holds (all topics). */
    size(): number {
      return [...byTopic.keys()].reduce((n, topic) => n + live(topic).length, 0)
    },
  }
}
