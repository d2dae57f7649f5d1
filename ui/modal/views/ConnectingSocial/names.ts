import type { SocialLogin } from '../../../../plugins/embedded/ui'

/** The social logins' names: data, shown as they are in every language. */
export const socialNames: Readonly<Record<SocialLogin, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}
