import { useState } from 'react'
import { LatchError } from '../../../kernel/index'
import { selectSolanaTokenBalances, signAndSendTransaction, signMessage } from '../../../plugins/solana/index'
import { useLatch, useLatchInstance } from '../../../ui/index'

/** Parses a decimal SOL amount into lamports without floating point. */
export function parseSol(amount: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,9}))?$/.exec(amount.trim())
  if (!match) return undefined
  return BigInt(match[1] as string) * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'))
}

/** The address the Send form suggests: an account of a fixed test seed (nobody's), so a first send needs no typing. */
export const suggestedSolanaAddress = '7ZwBU4EURe1PNAvy9EDLdxTgr8hMW9waTVjf1wMkWsAg'

const visitorText = (error: unknown) => (error instanceof LatchError ? error.shortMessage : 'Something went wrong')

/**
 * What a Solana dapp does with Latch: a message signature (the plugin's `signMessage`), and a SOL transfer built
 * with web3.js 1.x (loaded when first used, as a dapp would) and sent with `signAndSendTransaction`.
 */
export function SolanaCard({ rpcUrl, wsUrl }: { rpcUrl: string; wsUrl: string }) {
  const latch = useLatchInstance()
  const tokens = useLatch(selectSolanaTokenBalances)
  const [message, setMessage] = useState('Hello from the Latch demo')
  const [to, setTo] = useState(suggestedSolanaAddress)
  const [amount, setAmount] = useState('0.5')
  const [signed, setSigned] = useState<{ signature?: string; error?: string }>({})
  const [sent, setSent] = useState<{ signature?: string; error?: string }>({})
  const [busy, setBusy] = useState<'sign' | 'send' | undefined>()

  async function sign(event: React.FormEvent) {
    event.preventDefault()
    setBusy('sign')
    setSigned({})
    try {
      setSigned(await signMessage(latch, { message }))
    } catch (error) {
      setSigned({ error: visitorText(error) })
    } finally {
      setBusy(undefined)
    }
  }

  async function send(event: React.FormEvent) {
    event.preventDefault()
    const lamports = parseSol(amount)
    if (lamports === undefined) return setSent({ error: 'Enter an amount like 0.5' })
    const from = latch.getState().chains.solana.account.caipAddress?.split(':')[2]
    setBusy('send')
    setSent({})
    try {
      const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
      let recipient: InstanceType<typeof PublicKey>
      try {
        recipient = new PublicKey(to.trim())
      } catch {
        return setSent({ error: 'Enter a Solana address' })
      }
      const connection = new Connection(rpcUrl, { commitment: 'confirmed', wsEndpoint: wsUrl })
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
      const payer = new PublicKey(from as string)
      const transaction = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports }))
      const { signature } = await signAndSendTransaction(latch, { transaction })
      await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
      setSent({ signature })
    } catch (error) {
      setSent({ error: visitorText(error) })
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <section className="card" aria-labelledby="solana-title">
      <h2 id="solana-title">Solana</h2>
      {tokens.length > 0 ? (
        <dl data-testid="demo-sol-tokens">
          {tokens.map((token) => [<dt key={`${token.address}-t`}>{token.symbol}</dt>, <dd key={`${token.address}-d`}>{token.quantity.numeric}</dd>])}
        </dl>
      ) : null}
      <form onSubmit={sign} aria-label="Sign a message with the Solana wallet">
        <label>
          Message
          <textarea data-testid="demo-sol-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
        </label>
        <button type="submit" data-testid="demo-sol-sign" disabled={busy !== undefined}>
          {busy === 'sign' ? 'Waiting for the wallet…' : 'Sign'}
        </button>
        {signed.signature ? <output data-testid="demo-sol-signature" className="mono">{signed.signature}</output> : null}
        {signed.error ? <p role="alert" data-testid="demo-sol-sign-error" className="error">{signed.error}</p> : null}
      </form>
      <form onSubmit={send} aria-label="Send SOL">
        <label>
          To
          <input data-testid="demo-sol-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} placeholder="A Solana address" />
        </label>
        <label>
          Amount (SOL)
          <input data-testid="demo-sol-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
        </label>
        <button type="submit" data-testid="demo-sol-send" disabled={busy !== undefined}>
          {busy === 'send' ? 'Waiting for the wallet…' : 'Send SOL'}
        </button>
        {sent.signature ? <output data-testid="demo-sol-tx" className="mono">{sent.signature}</output> : null}
        {sent.error ? <p role="alert" data-testid="demo-sol-send-error" className="error">{sent.error}</p> : null}
      </form>
    </section>
  )
}
