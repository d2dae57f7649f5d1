import { useState } from 'react'
import { LatchError } from '../../../kernel/index'
import { selectBip122Accounts, selectBip122Address, selectBip122SwitchableAccounts, sendTransfer, signMessage, signPsbt, switchAccount } from '../../../plugins/bip122/index'
import { useLatch, useLatchInstance } from '../../../ui/index'
import { finalizeSignedPsbt, paymentPsbt, type SpendableOutput } from '../bitcoin-wallet/psbt'

const errorText = (error: unknown) => (error instanceof LatchError ? error.shortMessage : 'Something went wrong')

/** The address the Send form suggests: a regtest P2WPKH address of a fixed test key (nobody's), so a first send needs no typing. */
export const suggestedBitcoinAddress = 'bcrt1qx8zfw433s8jdy3cuem4gq8nqfexakce0u0lfyl'

/** Parses a decimal BTC amount into satoshis without floating point. */
export function parseBtc(amount: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim())
  if (!match) return undefined
  return BigInt(match[1] as string) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'))
}

/**
 * What a dapp does with a Bitcoin wallet: pick the active account (payment accounts only, docs/bitcoin.md,
 * "Switching accounts"), sign a message (BIP-322, or the legacy form for a P2PKH address), send bitcoin
 * (`sendTransfer`: the wallet builds, signs and broadcasts), and sign a PSBT that spends one of the wallet's outputs
 * on the local regtest ledger, then finalise and broadcast it.
 */
export function BitcoinCard({ esploraUrl }: { esploraUrl: string }) {
  return (
    <>
      <BitcoinAccounts />
      <BitcoinSignMessage />
      <BitcoinSend />
      <BitcoinSignPsbt esploraUrl={esploraUrl} />
    </>
  )
}

function BitcoinSend() {
  const latch = useLatchInstance()
  const [to, setTo] = useState(suggestedBitcoinAddress)
  const [amount, setAmount] = useState('0.001')
  const [result, setResult] = useState<{ txid?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    const sats = parseBtc(amount)
    if (!sats) return setResult({ error: 'Enter an amount like 0.001' })
    if (!to.trim()) return setResult({ error: 'Enter a Bitcoin address' })
    setBusy(true)
    setResult({})
    try {
      setResult(await sendTransfer(latch, { recipients: [{ address: to.trim(), amount: sats }] }))
    } catch (error) {
      setResult({ error: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={send} aria-labelledby="btc-send-title">
      <h2 id="btc-send-title">Send BTC</h2>
      <label>
        To
        <input data-testid="demo-btc-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} />
      </label>
      <label>
        Amount (BTC)
        <input data-testid="demo-btc-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </label>
      <button type="submit" data-testid="demo-btc-send" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Send BTC'}
      </button>
      {result.txid ? <output data-testid="demo-btc-send-txid" className="mono">{result.txid}</output> : null}
      {result.error ? <p role="alert" data-testid="demo-btc-send-error" className="error">{result.error}</p> : null}
    </form>
  )
}

function BitcoinAccounts() {
  const latch = useLatchInstance()
  const address = useLatch(selectBip122Address)
  const switchable = useLatch(selectBip122SwitchableAccounts)
  const all = useLatch(selectBip122Accounts)
  const [error, setError] = useState<string>()

  async function choose(next: string) {
    setError(undefined)
    try {
      await switchAccount(latch, { address: next })
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <section className="card" aria-labelledby="btc-accounts-title">
      <h2 id="btc-accounts-title">Bitcoin accounts</h2>
      <label>
        Active account (payment accounts only)
        <select data-testid="demo-btc-account" value={address ?? ''} onChange={(e) => void choose(e.target.value)}>
          {switchable.map((account) => (
            <option key={account.address} value={account.address}>
              {account.address}
            </option>
          ))}
        </select>
      </label>
      <ul className="mono accounts" data-testid="demo-btc-all-accounts">
        {all.map((account) => (
          <li key={account.address} data-type={account.type}>
            <span className="type">{account.type}:</span> {account.address}
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </section>
  )
}

function BitcoinSignMessage() {
  const latch = useLatchInstance()
  const [message, setMessage] = useState('Hello from the Latch demo')
  const [result, setResult] = useState<{ signature?: string; protocol?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function sign(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setResult({})
    try {
      setResult(await signMessage(latch, { message }))
    } catch (error) {
      setResult({ error: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={sign} aria-labelledby="btc-sign-title">
      <h2 id="btc-sign-title">Sign a Bitcoin message</h2>
      <label>
        Message
        <textarea data-testid="demo-btc-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
      </label>
      <button type="submit" data-testid="demo-btc-sign" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Sign'}
      </button>
      {result.protocol ? <p data-testid="demo-btc-protocol">{result.protocol === 'BIP322' ? 'BIP-322' : 'Legacy (ECDSA)'}</p> : null}
      {result.signature ? <output data-testid="demo-btc-signature" className="mono">{result.signature}</output> : null}
      {result.error ? <p role="alert" data-testid="demo-btc-sign-error" className="error">{result.error}</p> : null}
    </form>
  )
}

function BitcoinSignPsbt({ esploraUrl }: { esploraUrl: string }) {
  const latch = useLatchInstance()
  const all = useLatch(selectBip122Accounts)
  const [result, setResult] = useState<{ psbt?: string; txid?: string; hex?: string; broadcast?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)
  // The PSBT spends from the P2WPKH payment account (the ledger checks P2WPKH and taproot signatures).
  const from = all.find((account) => account.type === 'payment' && account.address.startsWith('bcrt1q'))?.address
  const to = all.find((account) => account.address !== from)?.address ?? from

  async function sign() {
    if (!from || !to) return
    setBusy(true)
    setResult({})
    try {
      const utxos = (await (await fetch(`${esploraUrl}/address/${from}/utxo`)).json()) as SpendableOutput[]
      const largest = [...utxos].sort((a, b) => b.value - a.value)[0]
      if (!largest) throw new Error('no output to spend')
      const signed = await signPsbt(latch, { psbt: paymentPsbt(from, largest, to, 100_000) })
      const finalized = finalizeSignedPsbt(signed.psbt)
      setResult({ psbt: signed.psbt, txid: finalized.txid, hex: finalized.hex })
    } catch (error) {
      setResult({ error: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  async function broadcast() {
    if (!result.hex) return
    const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: result.hex })
    const text = await response.text()
    setResult({ ...result, ...(response.ok ? { broadcast: text } : { error: text }) })
  }

  return (
    <section className="card" aria-labelledby="btc-psbt-title">
      <h2 id="btc-psbt-title">Sign a PSBT</h2>
      <p className="hint">Pays 0.001 BTC from {from ? `${from.slice(0, 10)}…` : 'the payment account'} on the local regtest ledger.</p>
      <button type="submit" data-testid="demo-btc-sign-psbt" disabled={busy || !from} onClick={() => void sign()}>
        {busy ? 'Waiting for the wallet…' : 'Sign PSBT'}
      </button>
      {result.psbt ? <output data-testid="demo-btc-psbt" className="mono">{result.psbt}</output> : null}
      {result.txid ? <p data-testid="demo-btc-txid" className="mono">{result.txid}</p> : null}
      {result.hex && !result.broadcast ? (
        <button type="submit" data-testid="demo-btc-broadcast" onClick={() => void broadcast()}>
          Broadcast
        </button>
      ) : null}
      {result.broadcast ? <p data-testid="demo-btc-broadcast-txid" className="mono">{result.broadcast}</p> : null}
      {result.error ? <p role="alert" data-testid="demo-btc-psbt-error" className="error">{result.error}</p> : null}
    </section>
  )
}
