/**
 * The six providers the embedded wallet's social logins speak to, as the local stand-ins play them
 * (docs/identity-providers.md, "The six providers"): what each is called on its login page, the scopes it knows, how
 * its client authenticates at the token endpoint, and whether it is OpenID Connect or GitHub's OAuth 2.0 shape.
 */
export const providerNames = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type ProviderName = (typeof providerNames)[number]

export type Profile = {
  /** Shown in the page titles: "Sign in to Google (local)". */
  title: string
  /** `oidc`: discovery, id token, userinfo. `github-oauth2`: GitHub's authorize, access_token, `/user` and `/user/emails`. */
  protocol: 'oidc' | 'github-oauth2'
  /** The scope values the provider knows beyond `openid` (each grants the claims listed). */
  scopes: Readonly<Record<string, readonly string[]>>
  /** How the client authenticates at the token endpoint, as the real provider expects by default. */
  tokenAuth: 'client_secret_basic' | 'client_secret_post'
}

export const profiles: Readonly<Record<ProviderName, Profile>> = {
  google: { title: 'Google', protocol: 'oidc', scopes: { email: ['email', 'email_verified'], profile: ['name'] }, tokenAuth: 'client_secret_post' },
  // GitHub has no OpenID Connect: its scopes are GitHub's own, and what they grant is read from /user and /user/emails.
  github: { title: 'GitHub', protocol: 'github-oauth2', scopes: { 'read:user': [], 'user:email': [] }, tokenAuth: 'client_secret_post' },
  // Apple's scopes are `name` and `email`; its redirect is a form post (response_mode=form_post) when either is asked.
  apple: { title: 'Apple', protocol: 'oidc', scopes: { email: ['email', 'email_verified'], name: ['name'] }, tokenAuth: 'client_secret_post' },
  facebook: { title: 'Facebook', protocol: 'oidc', scopes: { email: ['email', 'email_verified'], public_profile: ['name'] }, tokenAuth: 'client_secret_post' },
  x: { title: 'X', protocol: 'oidc', scopes: { email: ['email', 'email_verified'], profile: ['name'] }, tokenAuth: 'client_secret_basic' },
  discord: { title: 'Discord', protocol: 'oidc', scopes: { email: ['email', 'email_verified'], identify: ['name'] }, tokenAuth: 'client_secret_basic' },
}

/** GitHub's paths under its issuer, as github.com and api.github.com have them. */
export const githubPaths = { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user', emails: '/user/emails' } as const
