import type { Observable } from 'rxjs'
import { isForeignConnector } from './session'
import { selectConnectedNamespaces, connectionRecentWalletAdded, connectionStatusChanged, walletConnectFailed, walletConnectRequested, walletConnectSucceeded, LatchError, type LatchEvent, type Logged, type EffectContext, type ConnectAttempt, type CaipAddress, type ChainNamespace, type WalletListing } from '../index'
import { answerIntent } from '../engine/answer-intent'

/** What a family's wallet answered to a connect: the facts to report, the account, and the recent-wallets entry. */
export type FamilyConnected = { events: readonly LatchEvent[]; caipAddress: CaipAddress; listing: WalletListing }

/** What one chain family says about its wallets; the connect lifecycle around it is `answerFamilyConnect`'s. */
export type FamilyConnect<Entry> = {
  ns: ChainNamespace
  /** Turns whatever the connect threw into the LatchError the visitor sees (the family's wallet-error reader). */
  toError: (error: unknown) => LatchError
  /** The family's wallet behind a connector id, if it has one. */
  find: (connectorId: string) => Entry | undefined
  /**
   * Whether a connector id this family does not have belongs to another plugin, which answers its connect (WalletConnect's).
   * Default: another plugin lists it for this family (`isForeignConnector`).
   */
  isForeign?: (connectorId: string) => boolean
  /** Ends the wallet calls of an attempt another one replaced. */
  abort: (reason: string) => void
  /**
   * Asks the wallet to connect and reads its answer. `stillCurrent()` throws `REQUEST_ABORTED` once another attempt
   * replaced this one: call it after each wallet answer, before reading on.
   */
  connect: (entry: Entry, stillCurrent: () => void) => Promise<FamilyConnected>
}

type Attempt = { connectorId: string; result: Promise<{ caipAddress: CaipAddress }> }

/**
 * Answers `wallet/connectRequested` for one chain family (docs/behaviour.md, "Wallet requests"): one connect at a time.
 * A second intent for the same wallet while one is pending joins it (one prompt, one answer for both); an intent for
 * another wallet replaces it, the replaced one fails with `REQUEST_ABORTED` and its late answer is dropped, so it can
 * never overwrite the connection the visitor chose last. The status is `connecting` while the wallet is asked, then
 * `connected`, or back to what it was when the attempt fails; a wallet that connects becomes a recent wallet (once: under
 * the listing's id when the modal's attempt carries the listing the visitor chose, else under the family's entry). An unknown
 * connector is `CONNECTOR_NOT_FOUND`, unless another plugin lists it.
 */
export function answerFamilyConnect<Entry>(events$: Observable<Logged>, ctx: EffectContext, family: FamilyConnect<Entry>): Observable<LatchEvent> {
  const isForeign = family.isForeign ?? ((connectorId: string) => isForeignConnector(ctx.getState(), family.ns, family.find, connectorId))
  const owns = (intent: { payload: { connectorId: string } }) => family.find(intent.payload.connectorId) !== undefined || !isForeign(intent.payload.connectorId)
  const options = { intent: walletConnectRequested, succeeded: walletConnectSucceeded, failed: walletConnectFailed, ns: family.ns, toError: family.toError, owns } as const
  let current: Attempt | undefined
  return answerIntent(events$, options, async (intent, emit) => {
    const { connectorId } = intent.payload
    const entry = family.find(connectorId)
    if (entry === undefined) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    if (current?.connectorId === connectorId) return current.result
    if (current) family.abort(`a connection to ${connectorId} replaced the one to ${current.connectorId}`)
    // `result` is set right below; the attempt must be current before its first step runs.
    const attempt = { connectorId } as Attempt
    current = attempt
    const stillCurrent = () => {
      if (current !== attempt) throw new LatchError('REQUEST_ABORTED', { details: `a connection to another wallet replaced the one to ${connectorId}` })
    }
    attempt.result = (async () => {
      emit(connectionStatusChanged({ status: 'connecting' }))
      try {
        const connected = await family.connect(entry, stillCurrent)
        stillCurrent()
        for (const event of connected.events) emit(event)
        emit(connectionStatusChanged({ status: 'connected' }))
        // Recorded once: a wallet the visitor chose from a listing is recorded by the modal's attempt, under the listing's id.
        if (!attemptRecordsWallet(ctx.getState().connection.attempt, family.ns, connectorId)) emit(connectionRecentWalletAdded({ wallet: connected.listing }))
        return { caipAddress: connected.caipAddress }
      } catch (error) {
        // A replaced attempt leaves the status to the one that replaced it.
        if (current === attempt) emit(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
        throw error
      } finally {
        if (current === attempt) current = undefined
      }
    })()
    return attempt.result
  })
}

/**
 * Whether the modal's attempt records the recent wallet (it carries the listing the visitor chose, for this connect): the
 * wallet is then recorded once, under the listing's id (docs/behaviour.md, "Recent wallets").
 */
function attemptRecordsWallet(attempt: ConnectAttempt | undefined, ns: ChainNamespace, connectorId: string): boolean {
  return attempt?.status === 'connecting' && attempt.ns === ns && attempt.connectorId === connectorId && attempt.listing !== undefined
}
