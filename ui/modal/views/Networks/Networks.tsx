import { NetworkList } from './NetworkList'
import { useT } from '../../../shared'

/** The Networks view: the configured networks to switch to. */
export default function Networks() {
  const t = useT()
  return (
    <div>
      <NetworkList />
      <p className="footnote">{t('networks.footnote')}</p>
    </div>
  )
}
