import { NetworkList } from './NetworkList'
import { useLatchTranslate } from '../kit'

/** The Networks view: the configured networks to switch to. */
export default function Networks() {
  const t = useLatchTranslate()
  return (
    <div>
      <NetworkList />
      <p className="footnote">{t('networks.footnote')}</p>
    </div>
  )
}
