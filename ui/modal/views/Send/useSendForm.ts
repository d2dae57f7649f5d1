import { useState } from 'react'
import { toLatchError, type LatchError, type LatchErrorData } from '../../../../kernel/index'
import { checkRecipient, sendRequirement, type RecipientResult } from '../../../../kernel/rules/send'
import { checksumAddress } from '../../../../kernel/rules/checksum'
import { addressOfName, sendFamilyOf, sendFee, sendToken } from './family'
import { amountMessage, readAmount, recipientMessage, sendTokenList, type SendToken, type SendView } from './model'
import { useHeld, useLatchInstance } from '../kit'

/** What a hold that took nothing releases. */
const noRelease = () => undefined

/** The network fee, in the coin's smallest unit (wei, lamports). */
export type Fee = { status: 'loading' } | { status: 'ready'; units: bigint } | { status: 'failed' }

type NameLookup = { status: 'idle' | 'resolving' | 'none' | 'failed' } | { status: 'resolved'; address: string }

/**
 * The state of the Send form (docs/behaviour.md, "Send"): what is typed, the fee of that transfer (asked of the family's
 * `estimateSendFee`), the address of a name typed, and the send itself (the family's `sendTokens`).
 */
export function useSendForm(view: SendView, from: string, locale: string) {
  const latch = useLatchInstance()
  const tokens = sendTokenList(view)
  const native = tokens[0] as SendToken
  const family = sendFamilyOf(view.ns)
  const [tokenKey, setTokenKey] = useState('native')
  const [amountText, setAmountText] = useState('')
  const [recipientText, setRecipientText] = useState('')
  const [fee, setFee] = useState<Fee>({ status: 'loading' })
  const token = tokens.find((entry) => entry.key === tokenKey)
  const typed = checkRecipient(view.ns, recipientText, view.zone ? [view.zone] : [])
  const typedName = !typed.ok && typed.reason === 'name' ? typed.name : undefined
  const lookup = useNameLookup(typedName, view.zone)
  // docs/behaviour.md, "Send": a name is sent to once it resolves to an address on the active network.
  const recipient: RecipientResult = typedName && lookup.status === 'resolved' ? { ok: true, address: checksumAddress(lookup.address) } : typed
  const amount = token ? readAmount(amountText, token, family, locale) : undefined

  // The fee of this transfer: to the recipient once it is an address (the own address until then); an ERC-20's with amount 0.
  const feeTo = recipient.ok ? recipient.address : from
  // Held, not a plain effect: StrictMode's second mount asks for no second estimate (docs/react.md, "StrictMode").
  useHeld(() => {
    if (!token) return noRelease
    const asked = sendFee(latch, family, from, token, feeTo)
    if (typeof asked === 'bigint') return (setFee({ status: 'ready', units: asked }), noRelease)
    let live = true
    setFee({ status: 'loading' })
    asked.then(
      (units) => live && setFee({ status: 'ready', units }),
      () => live && setFee({ status: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [latch, view.network, family, from, feeTo, token?.key, token?.address])

  const feeUnits = fee.status === 'ready' ? fee.units : undefined
  const amountRefusal = token && amount ? amountMessage(amount, token, native, feeUnits) : undefined
  const nameRefusal = lookup.status === 'none' ? 'send.nameNotFound' : lookup.status === 'failed' ? 'error.NAME_RESOLUTION_FAILED' : undefined
  const recipientRefusal = typedName ? nameRefusal : recipient.ok ? undefined : recipientMessage(recipient.reason)
  const missing = sendRequirement(family, { token, amount: amountText, recipient: recipientText })
  const ready = Boolean(token && amount?.ok && recipient.ok && !amountRefusal)

  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<LatchErrorData>()
  /** Asks the family to send; `sent` gets the hash once the wallet sent it. */
  const submit = (sent: (hash: string) => void, failed?: (error: LatchError) => void) => {
    if (!amount?.ok || !recipient.ok || !token) return
    setSending(true)
    setFailure(undefined)
    sendToken(latch, family, token, amount.units, recipient.address).then(
      ({ hash }) => (setSending(false), sent(hash)),
      (cause: unknown) => {
        const error = toLatchError(cause)
        setSending(false)
        setFailure(error.toData())
        failed?.(error)
      },
    )
  }

  return {
    family, tokens, native, token, tokenKey, setTokenKey, amountText, setAmountText, recipientText, setRecipientText,
    typedName, lookup, recipient, amount, fee, feeUnits, amountRefusal, recipientRefusal, missing, ready,
    sending, failure, setFailure, submit,
  }
}

export type SendFormModel = ReturnType<typeof useSendForm>

/** The address the name typed resolves to, asked when the name changes; an answer for a name no longer typed is dropped. */
function useNameLookup(name: string | undefined, zone: string | undefined): NameLookup {
  const latch = useLatchInstance()
  const [lookup, setLookup] = useState<NameLookup & { name?: string }>({ status: 'idle' })
  useHeld(() => {
    if (!name) return (setLookup({ status: 'idle' }), noRelease)
    let live = true
    setLookup({ status: 'resolving', name })
    addressOfName(latch, name, zone).then(
      (address) => live && setLookup(address && /^0x[0-9a-fA-F]{40}$/.test(address) ? { status: 'resolved', address, name } : { status: 'none', name }),
      () => live && setLookup({ status: 'failed', name }),
    )
    return () => {
      live = false
    }
  }, [latch, name, zone])
  return lookup.name === name || !name ? lookup : { status: 'resolving' }
}
