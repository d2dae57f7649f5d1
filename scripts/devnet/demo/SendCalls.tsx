import { useState } from 'react'
import { LatchError } from '../../../kernel/index'
import { sendCalls, waitForCallsStatus, type GetCallsStatusReturnType } from '../../../plugins/eip155/index'
import { useLatchInstance } from '../../../ui/index'

/** The two transfers of the demo's batch: 0.01 ETH to one dev account, then 0.02 ETH to another. */
export const demoBatch = [
  { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 16n },
  { to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: 2n * 10n ** 16n },
] as const

/** Sends a two-call batch (EIP-5792 wallet_sendCalls), then shows its status once it is no longer pending (wallet_getCallsStatus). */
export function SendCalls() {
  const latch = useLatchInstance()
  const [result, setResult] = useState<{ status?: GetCallsStatusReturnType; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setResult({})
    try {
      const { id } = await sendCalls(latch, { calls: demoBatch, forceAtomic: true })
      setResult({ status: await waitForCallsStatus(latch, { id }) })
    } catch (error) {
      setResult({ error: error instanceof LatchError ? error.shortMessage : 'Something went wrong' })
    } finally {
      setBusy(false)
    }
  }

  const { status } = result
  return (
    <form className="card" onSubmit={send} aria-labelledby="calls-title">
      <h2 id="calls-title">Send a batch</h2>
      <p className="hint">Two calls, in order, all or none: 0.01 ETH to 0x7099…79C8, then 0.02 ETH to 0x3C44…93BC.</p>
      <button type="submit" data-testid="demo-send-calls" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Send 2 calls'}
      </button>
      {status ? (
        <dl>
          <dt>Status</dt>
          <dd data-testid="demo-calls-status">{`${status.status ?? 'unknown'} (${status.statusCode})`}</dd>
          {status.receipts.map((receipt, i) => (
            <Receipt key={receipt.transactionHash} index={i} hash={receipt.transactionHash} />
          ))}
        </dl>
      ) : null}
      {result.error ? <p role="alert" data-testid="demo-calls-error" className="error">{result.error}</p> : null}
    </form>
  )
}

function Receipt({ index, hash }: { index: number; hash: string }) {
  return (
    <>
      <dt>Call {index + 1}</dt>
      <dd className="mono" data-testid="demo-calls-hash">
        {hash}
      </dd>
    </>
  )
}
