import type { ReactNode } from 'react'
import { useConnectButtonState, type ConnectButtonState } from '../../hooks/useConnectButtonState'

/** Props of `<ConnectButtonRenderer>`: a function of the button state. */
export type ConnectButtonRendererProps = { children: (state: ConnectButtonState) => ReactNode }

/** Headless connect button: draws nothing itself, hands the state and the open verbs to `children`. */
export function ConnectButtonRenderer({ children }: ConnectButtonRendererProps) {
  return <>{children(useConnectButtonState())}</>
}
