import type { ReactNode } from 'react'
import { useLatchConnectButtonState, type ConnectButtonState } from '../../hooks/useLatchConnectButtonState'

/** Props of `<ConnectButtonRenderer>`: a function of the button state. */
export type ConnectButtonRendererProps = { children: (state: ConnectButtonState) => ReactNode }

/** Headless connect button: draws nothing itself, hands the state and the open verbs to `children`. */
export function ConnectButtonRenderer({ children }: ConnectButtonRendererProps) {
  return <>{children(useLatchConnectButtonState())}</>
}
