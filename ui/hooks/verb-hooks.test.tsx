// @vitest-environment jsdom
import { act } from 'react'
import { filter, firstValueFrom } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import {
  accountBalanceLoading,
  accountBalanceUpdated,
  LatchError,
  type Latch,
  type Logged,
  networkSwitched,
  walletRpcSucceeded,
  walletSendTransactionSucceeded,
  walletSignMessageFailed,
  walletSignMessageSucceeded,
} from '../../kernel/index'
import { LatchProvider } from '../components/LatchProvider/LatchProvider'
import { connectAccount, lastRequest, probe, render, setup } from '../../scripts/testing/ui'
import { toBaseUnits, useLatchBalance } from './useLatchBalance'
import { useLatchSendCalls } from './useLatchSendCalls'
import { useLatchSendTransaction } from './useLatchSendTransaction'
import { useLatchSignMessage } from './useLatchSignMessage'
import { useLatchSignTypedData } from './useLatchSignTypedData'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const signature = `0x${'ab'.repeat(65)}` as const
const hash = `0x${'cd'.repeat(32)}` as const
const declined = { error: { code: 'USER_REJECTED' as const, shortMessage: 'Signature declined', messageId: 'USER_REJECTED' as const } }

/** Renders `useHook` inside a LatchProvider; `current()` is its latest value, `renders()` how many renders React committed. */
async function mount<T>(useHook: () => T, t = setup()) {
  const { Probe, seen } = probe(useHook)
  const view = await render(<LatchProvider latch={t.latch}><Probe /></LatchProvider>)
  cleanup = view.unmount
  return { ...t, current: () => seen[seen.length - 1] as T, renders: () => seen.length, unmount: view.unmount }
}

/** The next intent of `type`: the EVM hooks import their verb on first use, so it is dispatched a moment after the call. */
function nextIntent(latch: Latch, type: string): Promise<Logged & { requestId: string }> {
  return firstValueFrom(latch.events$.pipe(filter((e): e is Logged & { requestId: string } => e.type === type && e.requestId !== undefined)))
}

const pick = ({ status, data, error, variables, isIdle, isPending, isSuccess, isError }: { status: string; data: unknown; error: unknown; variables: unknown; isIdle: boolean; isPending: boolean; isSuccess: boolean; isError: boolean }) =>
  ({ status, data, error, variables, isIdle, isPending, isSuccess, isError })

describe('useLatchSignMessage: idle → pending → success or error, as wagmi users expect', () => {
  it('goes pending, then success with the signature; reset goes back to idle', async () => {
    const h = await mount(useLatchSignMessage)
    expect(pick(h.current())).toEqual({ status: 'idle', data: undefined, error: null, variables: undefined, isIdle: true, isPending: false, isSuccess: false, isError: false })

    let result: Promise<string> | undefined
    act(() => void (result = h.current().signMessageAsync({ message: 'hello' })))
    expect(pick(h.current())).toMatchObject({ status: 'pending', isPending: true, variables: { message: 'hello' }, data: undefined })
    const intent = lastRequest(h.events, 'wallet/signMessageRequested')
    expect(intent.payload).toEqual({ message: 'hello' })

    await act(async () => void h.latch.dispatch(walletSignMessageSucceeded({ signature }, { ns: 'eip155', requestId: intent.requestId })))
    await expect(result).resolves.toBe(signature)
    expect(pick(h.current())).toMatchObject({ status: 'success', isSuccess: true, data: signature, error: null })

    act(() => h.current().reset())
    expect(pick(h.current())).toMatchObject({ status: 'idle', isIdle: true, data: undefined, variables: undefined })
  })

  it('fails with a LatchError: the async verb rejects, the plain verb does not, and the callbacks run', async () => {
    const h = await mount(useLatchSignMessage)
    const heard: string[] = []
    act(() =>
      h.current().signMessage(
        { message: 'no' },
        { onSuccess: () => heard.push('success'), onError: (e) => heard.push(`error ${e.code}`), onSettled: (_d, e) => heard.push(`settled ${e?.code}`) },
      ),
    )
    const intent = lastRequest(h.events, 'wallet/signMessageRequested')
    await act(async () => void h.latch.dispatch(walletSignMessageFailed(declined, { ns: 'eip155', requestId: intent.requestId })))
    expect(h.current()).toMatchObject({ status: 'error', isError: true, data: undefined })
    expect(h.current().error).toBeInstanceOf(LatchError)
    expect(h.current().error).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    expect(heard).toEqual(['error USER_REJECTED', 'settled USER_REJECTED'])

    let failure: unknown
    await act(async () => {
      const pending = h.current().signMessageAsync({ message: 'again' }).catch((e: unknown) => (failure = e))
      const again = lastRequest(h.events, 'wallet/signMessageRequested')
      h.latch.dispatch(walletSignMessageFailed(declined, { ns: 'eip155', requestId: again.requestId }))
      await pending
    })
    expect(failure).toBeInstanceOf(LatchError)
  })

  it('a call with no family to ask fails as CHAIN_REQUIRED, never with a bare Error', async () => {
    const h = await mount(useLatchSignMessage, setup({ networks: [] }))
    await act(async () => void (await h.current().signMessageAsync({ message: 'x' }).catch(() => undefined)))
    expect(h.current().error).toBeInstanceOf(LatchError)
    expect(h.current().error?.code).toBe('CHAIN_REQUIRED')
  })

  it('a second call while one is pending: the state follows the newer call; the older still settles its own promise', async () => {
    const h = await mount(useLatchSignMessage)
    let first: Promise<string> | undefined
    let second: Promise<string> | undefined
    act(() => void (first = h.current().signMessageAsync({ message: 'one' })))
    const one = lastRequest(h.events, 'wallet/signMessageRequested')
    act(() => void (second = h.current().signMessageAsync({ message: 'two' })))
    const two = lastRequest(h.events, 'wallet/signMessageRequested')
    expect(two.requestId).not.toBe(one.requestId)
    expect(h.current()).toMatchObject({ status: 'pending', variables: { message: 'two' } })

    const other = `0x${'ef'.repeat(65)}` as const
    await act(async () => void h.latch.dispatch(walletSignMessageSucceeded({ signature: other }, { ns: 'eip155', requestId: one.requestId })))
    await expect(first).resolves.toBe(other)
    expect(h.current()).toMatchObject({ status: 'pending', variables: { message: 'two' } })

    await act(async () => void h.latch.dispatch(walletSignMessageSucceeded({ signature }, { ns: 'eip155', requestId: two.requestId })))
    await expect(second).resolves.toBe(signature)
    expect(h.current()).toMatchObject({ status: 'success', data: signature, variables: { message: 'two' } })
  })

  it('after unmount an answer changes nothing: no render, no callback; the promise still settles', async () => {
    const h = await mount(useLatchSignMessage)
    const heard: string[] = []
    let result: Promise<string> | undefined
    act(() => void (result = h.current().signMessageAsync({ message: 'bye' }, { onSuccess: () => heard.push('success') })))
    const intent = lastRequest(h.events, 'wallet/signMessageRequested')
    const renders = h.renders()
    await h.unmount()
    cleanup = undefined
    await act(async () => void h.latch.dispatch(walletSignMessageSucceeded({ signature }, { ns: 'eip155', requestId: intent.requestId })))
    await expect(result).resolves.toBe(signature)
    expect(h.renders()).toBe(renders)
    expect(heard).toEqual([])
  })

  it('reset while pending: the late answer leaves the state idle', async () => {
    const h = await mount(useLatchSignMessage)
    act(() => h.current().signMessage({ message: 'late' }))
    const intent = lastRequest(h.events, 'wallet/signMessageRequested')
    act(() => h.current().reset())
    await act(async () => void h.latch.dispatch(walletSignMessageSucceeded({ signature }, { ns: 'eip155', requestId: intent.requestId })))
    expect(h.current()).toMatchObject({ status: 'idle', data: undefined })
  })
})

describe('useLatchSignTypedData, useLatchSendTransaction, useLatchSendCalls', () => {
  it('useLatchSignTypedData sends eth_signTypedData_v4 for the connected account through the log', async () => {
    const h = await mount(useLatchSignTypedData)
    connectAccount(h.latch)
    const requested = nextIntent(h.latch, 'wallet/rpcRequested')
    let result: Promise<string> | undefined
    act(() => {
      result = h.current().signTypedDataAsync({
        domain: { name: 'Mail', chainId: 1n },
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        message: { contents: 'hi' },
      })
    })
    expect(h.current().status).toBe('pending')
    const intent = await requested
    expect(intent.payload).toMatchObject({ method: 'eth_signTypedData_v4', params: ['0x1234567890abcdef1234567890abcdef1234abcd', expect.stringContaining('"chainId":"1"')] })
    await act(async () => void h.latch.dispatch(walletRpcSucceeded({ result: signature }, { ns: 'eip155', requestId: intent.requestId })))
    await expect(result).resolves.toBe(signature)
    expect(h.current()).toMatchObject({ status: 'success', data: signature })
  })

  it('useLatchSignTypedData without a connected account fails as not connected, before any request', async () => {
    const h = await mount(useLatchSignTypedData)
    await act(async () => void (await h.current().signTypedDataAsync({ types: { A: [] }, primaryType: 'A', message: {} }).catch(() => undefined)))
    expect(h.current()).toMatchObject({ status: 'error', error: { messageId: 'NOT_CONNECTED' } })
    expect(h.events.some((e) => e.type === 'wallet/rpcRequested')).toBe(false)
  })

  it('useLatchSendTransaction resolves with the hash; value defaults to 0 as in wagmi', async () => {
    const h = await mount(useLatchSendTransaction)
    connectAccount(h.latch)
    act(() => h.current().sendTransaction({ to: '0x0000000000000000000000000000000000000001' }))
    const intent = lastRequest(h.events, 'wallet/sendTransactionRequested')
    expect(intent.payload).toEqual({ to: '0x0000000000000000000000000000000000000001', value: '0' })
    await act(async () => void h.latch.dispatch(walletSendTransactionSucceeded({ hash }, { ns: 'eip155', requestId: intent.requestId })))
    expect(h.current()).toMatchObject({ status: 'success', data: hash })
  })

  it('useLatchSendCalls resolves with the batch id', async () => {
    const h = await mount(useLatchSendCalls)
    connectAccount(h.latch)
    const requested = nextIntent(h.latch, 'wallet/rpcRequested')
    act(() => h.current().sendCalls({ calls: [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }] }))
    const intent = await requested
    expect(intent.payload).toMatchObject({ method: 'wallet_sendCalls' })
    await act(async () => void h.latch.dispatch(walletRpcSucceeded({ result: { id: '0x01' } }, { ns: 'eip155', requestId: intent.requestId })))
    expect(h.current()).toMatchObject({ status: 'success', data: { id: '0x01' } })
  })
})

describe('useLatchBalance: the active account’s native balance from state', () => {
  it('is empty until connected, loading until read, then value, decimals, symbol and the exact figure', async () => {
    const h = await mount(useLatchBalance)
    const watchers = () => h.latch.getState().balances.watchers.native
    expect(h.current()).toEqual({ data: undefined, isLoading: false, isFetching: false })
    expect(watchers()).toBe(0)
    connectAccount(h.latch)
    // Shown while connected: the plugin keeps it fresh (docs/behaviour.md, "Balance refresh").
    expect(watchers()).toBe(1)
    act(() => void h.latch.dispatch(accountBalanceLoading({}, { ns: 'eip155' })))
    expect(h.current()).toEqual({ data: undefined, isLoading: true, isFetching: true })
    act(() => void h.latch.dispatch(accountBalanceUpdated({ balance: '1.5', symbol: 'ETH' }, { ns: 'eip155' })))
    expect(h.current()).toEqual({ data: { value: 1_500_000_000_000_000_000n, decimals: 18, symbol: 'ETH', formatted: '1.5' }, isLoading: false, isFetching: false })
    const renders = h.renders()
    // A refresh keeps the figure it has: fetching, not loading.
    act(() => void h.latch.dispatch(accountBalanceLoading({}, { ns: 'eip155' })))
    expect(h.current()).toMatchObject({ isLoading: false, isFetching: true, data: { formatted: '1.5' } })
    expect(h.renders()).toBe(renders + 1)
    // A new network: the old figure is gone (docs/behaviour.md, "Balances").
    act(() => void h.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:10' }, { ns: 'eip155' })))
    expect(h.current().data).toBeUndefined()
    await h.unmount()
    cleanup = undefined
    expect(watchers()).toBe(0)
  })

  it('converts the exact decimal string to base units, and refuses what is not exact', () => {
    expect(toBaseUnits('0', 18)).toBe(0n)
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n)
    expect(toBaseUnits('12', 0)).toBe(12n)
    expect(toBaseUnits('-2.25', 2)).toBe(-225n)
    expect(toBaseUnits('0.123', 2)).toBeUndefined()
    expect(toBaseUnits('1e18', 18)).toBeUndefined()
    expect(toBaseUnits('', 18)).toBeUndefined()
  })
})
