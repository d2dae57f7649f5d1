import { useState } from 'react'
import { LatchError, signMessage } from '../../../kernel/index'
import { useLatchInstance } from '../../../ui/index'

/** Signs a message with the connected wallet and shows the signature, or the visitor-facing error. */
export function SignMessage() {
  const latch = useLatchInstance()
  const [message, setMessage] = useState('Hello from the Latch demo')
  const [result, setResult] = useState<{ signature?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function sign(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setResult({})
    try {
      setResult(await signMessage(latch, { message }))
    } catch (error) {
      setResult({ error: error instanceof LatchError ? error.shortMessage : 'Something went wrong' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={sign} aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label>
        Message
        <textarea data-testid="demo-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
      </label>
      <button type="submit" data-testid="demo-sign" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Sign'}
      </button>
      {result.signature ? <output data-testid="demo-signature" className="mono">{result.signature}</output> : null}
      {result.error ? <p role="alert" data-testid="demo-sign-error" className="error">{result.error}</p> : null}
    </form>
  )
}
