import { useState } from 'react'
import { LatchError } from '../../../kernel/index'
import { signTypedData } from '../../../plugins/eip155/index'
import { useLatchInstance, useLatchNetwork } from '../../../ui/index'

/** An EIP-712 message a dapp would ask to sign: a mail between two people, amounts as bigints. */
export function demoTypedData(chainId: number) {
  return {
    domain: { name: 'Latch demo', version: '1', chainId: BigInt(chainId), verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Mail',
    message: {
      from: { name: 'Alice', wallet: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      to: { name: 'Bob', wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      contents: 'Hello from the Latch demo',
      amount: 10n ** 18n,
    },
  } as const
}

/** Signs EIP-712 typed data (eth_signTypedData_v4) with the connected wallet and shows the signature, or the visitor-facing error. */
export function SignTypedData() {
  const latch = useLatchInstance()
  const { caipNetwork } = useLatchNetwork()
  const [result, setResult] = useState<{ signature?: string; error?: string }>({})
  const [busy, setBusy] = useState(false)

  async function sign(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setResult({})
    try {
      setResult(await signTypedData(latch, demoTypedData(Number(caipNetwork?.id ?? 1))))
    } catch (error) {
      setResult({ error: error instanceof LatchError ? error.shortMessage : 'Something went wrong' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={sign} aria-labelledby="typed-title">
      <h2 id="typed-title">Sign typed data</h2>
      <p className="hint">A mail from Alice to Bob with 1 ETH as a uint256 (EIP-712).</p>
      <button type="submit" data-testid="demo-sign-typed" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Sign typed data'}
      </button>
      {result.signature ? <output data-testid="demo-typed-signature" className="mono">{result.signature}</output> : null}
      {result.error ? <p role="alert" data-testid="demo-typed-error" className="error">{result.error}</p> : null}
    </form>
  )
}
