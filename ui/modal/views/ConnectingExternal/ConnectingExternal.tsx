import { selectView, type Connector, type State } from '../../../../kernel/index'
import { mergeMultiChainConnectors } from '../../../../kernel/rules/connectors'
import { useLatchInstance } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { startConnect, useConnectAttempt } from '../../connect-attempt'
import { Loader } from '../../Loader/Loader'
import { WalletImage } from '../../WalletIcon/WalletIcon'
import { useLatchTranslate } from '../../../i18n/translate'
import { isolated } from '../../../i18n/isolate'

/** The connector named by the view's payload (merged entries included). */
export function selectPayloadConnector(state: State): Connector | undefined {
  const id = selectView(state).payload?.connectorId
  if (typeof id !== 'string') return undefined
  return mergeMultiChainConnectors(state.connectors.list).find((c) => c.id === id) ?? state.connectors.list.find((c) => c.id === id)
}

const sameConnector = (a: Connector | undefined, b: Connector | undefined) => a?.id === b?.id && a?.name === b?.name && a?.imageUrl === b?.imageUrl

/** docs/behaviour.md, "Views" "Connecting external wallet": icon with a spinner, 'Continue in <wallet>', the error and Retry on failure. */
export default function ConnectingExternal() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const latest = useConnectAttempt()
  const attempt = latest?.via === 'external' ? latest : undefined
  const fromState = useLatch(selectPayloadConnector, sameConnector)
  const connector = fromState ?? attempt?.connector
  // Leaving the view (Back, Close) cancels a connect the wallet has not answered: startConnect watches the router for it,
  // so a mount → unmount → mount (StrictMode, docs/react.md) cancels nothing.
  if (!connector) return <p className="subtle center">{t('connecting.unavailable')}</p>
  const failed = attempt?.connector?.id === connector.id && attempt.status === 'failed'
  return (
    <div className="status-view">
      <Loader state={failed ? 'failed' : 'pending'}>
        <WalletImage src={connector.imageUrl} size={64} />
      </Loader>
      {failed ? (
        <>
          <p className="headline error-text" role="alert">
            {attempt?.error ? t.error(attempt.error) : null}
          </p>
          <p className="subtle">{t('connecting.tryAgain')}</p>
          <button type="button" className="button primary" data-autofocus onClick={() => void startConnect(latch, connector, attempt?.listing)}>
            {t('common.retry')}
          </button>
        </>
      ) : (
        <>
          <p className="headline">{isolated(t, 'connecting.continueIn', { name: connector.name }, 'name')}</p>
          <p className="subtle">{t('connecting.accept')}</p>
        </>
      )}
    </div>
  )
}
