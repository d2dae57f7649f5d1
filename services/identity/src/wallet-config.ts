/**
 * The wallet service's social providers (docs/wallet-service.md, "Social logins") for the local stand-ins
 * (docs/identity-providers.md, "The six providers, local and real"): what `startLocalProviders` answers, as the
 * entries of `WALLET_SOCIAL_PROVIDERS`. GitHub in its OAuth 2.0 shape with its endpoints, the others OpenID Connect by
 * their issuer; Apple's answer as a form post; X and Discord authenticating with HTTP Basic, the rest in the body.
 */
import type { SocialProviderConfig } from '../../wallet/src/social'
import { profiles, providerNames } from './profiles'
import type { LocalProviders } from './providers'

export type WalletSocialProvider = SocialProviderConfig

/** The scopes each stand-in is asked for, as its real provider would be (docs/identity-providers.md's table). */
const scopesOf = (name: (typeof providerNames)[number]) => (profiles[name].protocol === 'oidc' ? ['openid', ...Object.keys(profiles[name].scopes)] : Object.keys(profiles[name].scopes)).join(' ')

/** The entries for the providers that run, in the list's order; JSON.stringify of it is a `WALLET_SOCIAL_PROVIDERS` value. */
export function walletSocialProviders(started: LocalProviders): WalletSocialProvider[] {
  const entries: WalletSocialProvider[] = []
  for (const name of providerNames) {
    const provider = started.providers[name]
    if (!provider) continue
    const client = { provider: name, clientId: provider.clientId, clientSecret: provider.clientSecret, scopes: scopesOf(name), tokenAuth: profiles[name].tokenAuth }
    if (provider.github) {
      // The stand-in's redirects carry `iss` (RFC 9207), the real GitHub's do not: it is given so the service checks it.
      entries.push({ ...client, kind: 'oauth2', issuer: provider.issuer, authorizationEndpoint: provider.github.authorize, tokenEndpoint: provider.github.token, userEndpoint: provider.github.user, emailsEndpoint: provider.github.emails })
    } else {
      entries.push({ ...client, kind: 'oidc', issuer: provider.issuer, ...(name === 'apple' ? { responseMode: 'form_post' as const } : {}) })
    }
  }
  return entries
}
