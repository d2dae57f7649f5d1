import {
  selectActiveNetwork,
  selectAddress,
  selectIsActiveNetworkSupported,
  type CaipAddress,
  type CaipNetworkId,
  type ConnectionStatus,
  type State,
  type ViewName,
} from '../../kernel/index'
import { shallowEqual } from '../utils/shallowEqual'

/** `latch-account-change`'s detail: the active family's account. */
export type LatchAccountDetail = { isConnected: boolean; status: ConnectionStatus; address: string | null; caipAddress: CaipAddress | null }
/** `latch-network-change`'s detail: the active network (all null when there is none). */
export type LatchNetworkDetail = { caipNetworkId: CaipNetworkId | null; name: string | null; isSupported: boolean }
/** `latch-modal-change`'s detail: whether the modal is open, and its view. */
export type LatchModalDetail = { open: boolean; view: ViewName }

/** The DOM events every Latch element dispatches (docs/elements.md, "Events"), each with its selector. */
export const elementEvents = {
  'latch-account-change': (state: State): LatchAccountDetail => {
    const ns = state.activeNamespace
    const chain = ns ? state.chains[ns] : undefined
    return {
      isConnected: chain?.connectorId !== undefined,
      status: chain?.account.status ?? 'disconnected',
      address: selectAddress(state) ?? null,
      caipAddress: chain?.account.caipAddress ?? null,
    }
  },
  'latch-network-change': (state: State): LatchNetworkDetail => {
    const network = selectActiveNetwork(state)
    return { caipNetworkId: network?.caipNetworkId ?? null, name: network?.name ?? null, isSupported: selectIsActiveNetworkSupported(state) }
  },
  'latch-modal-change': (state: State): LatchModalDetail => ({
    open: state.router.open,
    view: state.router.history[state.router.history.length - 1]?.name ?? 'Connect',
  }),
} as const

/** The name of one of those events. */
export type LatchElementEventName = keyof typeof elementEvents

/** For `addEventListener` on an element: each event's detail type. */
export type LatchElementEventMap = { [K in LatchElementEventName]: CustomEvent<ReturnType<(typeof elementEvents)[K]>> }

/** Details are equal when every field is. */
export const detailEqual = (a: object, b: object): boolean => shallowEqual(a, b)
