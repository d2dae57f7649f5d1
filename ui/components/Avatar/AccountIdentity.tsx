import { useCallback } from 'react'
import { selectAddress, type ChainNamespace, type State } from '../../../kernel/index'
import { defaultAuthConnectorId } from '../../../kernel/rules/connections'
import { cutEmailForDisplay, normalizeSocialUsername } from '../../../kernel/rules/display'
import { useLatch } from '../../hooks/useLatch'
import { displayName } from '../../utils/format'
import { Avatar } from './Avatar'

/** The name and picture shown for an account; none when it has neither. */
export type Identity = { name?: string; image?: string }

const none: Identity = {}

/**
 * The one identity of an account, wherever it is drawn (docs/names.md, "The account's name"): for the family's connected
 * account, its profile name and image (a name in the dapp's zone from the names plugin, else its ENS name and avatar from the
 * EVM plugin), else for the embedded wallet's account its login e-mail (cut to 30 characters), else its social user name (a Discord name without its trailing 0); any other address has none here. The account button, Account, the sign-in view, Send and Wallets read it.
 */
export function selectAccountIdentity(state: State, ns: ChainNamespace | undefined, address: string | undefined): Identity {
  const family = ns ?? state.activeNamespace
  if (!family || !address) return none
  const connected = selectAddress(state, family)
  if (!connected || connected.toLowerCase() !== address.toLowerCase()) return none
  const { profileName: ownName, profileImage } = state.chains[family].account
  // The embedded wallet's account is named by its login e-mail, cut to 30 characters, else (a social login without an
  // e-mail) by its user name, a Discord name without its trailing 0 (docs/behaviour.md, "Display"); the plugin's slice is
  // read as plain state, so the button never loads the plugin.
  const user =
    state.chains[family].connectorId === defaultAuthConnectorId
      ? (state as { embedded?: { user?: { email?: string; userName?: string; socialProvider?: string } } }).embedded?.user
      : undefined
  const loginName = user?.email ? cutEmailForDisplay(user.email) : user?.userName ? normalizeSocialUsername(user.socialProvider ?? '', user.userName) : undefined
  const profileName = ownName ?? loginName
  if (!profileName && !profileImage) return none
  return { ...(profileName ? { name: profileName } : {}), ...(profileImage ? { image: profileImage } : {}) }
}

export const sameIdentity = (a: Identity, b: Identity) => a.name === b.name && a.image === b.image

/** The identity of `address` on family `ns` (the active family when not given), kept current. */
export function useAccountIdentity(ns: ChainNamespace | undefined, address: string | undefined): Identity {
  return useLatch(
    useCallback((state: State) => selectAccountIdentity(state, ns, address), [ns, address]),
    sameIdentity,
  )
}

/**
 * An account as every view draws it: its picture (else the gradient made from its address) and its name (else the short
 * address), the full address as the name's title. `name` is a name the visitor typed for it (Send's recipient), shown with the
 * short address after it, since the visitor must see where it goes. Two siblings, styled by the container they land in.
 */
export function AccountIdentity({ ns, address, size = 24, name }: { ns?: ChainNamespace; address: string; size?: number; name?: string }) {
  const identity = useAccountIdentity(ns, address)
  return (
    <>
      <Avatar address={address} image={identity.image} size={size} />
      <bdi title={address}>{name ? `${name} (${displayName(address)})` : displayName(address, identity.name)}</bdi>
    </>
  )
}
