import { useState } from 'react'
import { LatchError, sendTransaction } from '../../../kernel/index'
import { useLatchInstance } from '../../../ui/index'

/** Parses a decimal ETH amount into wei without floating point. */
export function parseEther(amount: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(amount.trim())
  if (!match) return undefined
  return BigInt(match[1] as string) * 10n ** 18n + BigInt((match[2] ?? '').padEnd(18, '0'))
}

/** Sends native currency from the connected account. */
export function SendForm() {
  const latch = useLatchInstance()
  const [to, setTo] = useState('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  const [amount, setAmount] = useState('0.5')
  const [result, setResult] = useState<{ hash?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    const value = parseEther(amount)
    if (value === undefined) return setResult({ error: 'Enter an amount like 0.5' })
    if (!/^0x[0-9a-fA-F]{40}$/.test(to)) return setResult({ error: 'Enter an address like 0x3C44…93BC' })
    setBusy(true)
    setResult({})
    try {
      setResult(await sendTransaction(latch, { to: to as `0x${string}`, value }))
    } catch (error) {
      setResult({ error: error instanceof LatchError ? error.shortMessage : 'Something went wrong' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={send} aria-labelledby="send-title">
      <h2 id="send-title">Send ETH</h2>
      <label>
        To
        <input data-testid="demo-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} />
      </label>
      <label>
        Amount (ETH)
        <input data-testid="demo-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </label>
      <button type="submit" data-testid="demo-send" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Send'}
      </button>
      {result.hash ? <output data-testid="demo-tx-hash" className="mono">{result.hash}</output> : null}
      {result.error ? <p role="alert" data-testid="demo-send-error" className="error">{result.error}</p> : null}
    </form>
  )
}
