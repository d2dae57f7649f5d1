import { NetworkList } from './NetworkList'

/** The Networks view: the configured networks to switch to. */
export default function Networks() {
  return (
    <div>
      <NetworkList />
      <p className="footnote">Your connected wallet may not support some of the networks available for this app.</p>
    </div>
  )
}
