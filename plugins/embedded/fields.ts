import * as z from 'zod/mini'
import { sensitive } from '../../kernel/index'

/**
 * The frame protocol's fields the embedded plugin's events use too (protocol.ts re-exports them): apart from the
 * protocol, so the plugin's first load carries these three and not every message schema (docs/embedded-wallet.md,
 * "What loads when").
 */

/** An e-mail address, at most 254 characters. */
export const emailSchema = z.email().check(z.maxLength(254))
/** The one-time code of an e-mail login: six digits, secret. */
export const otpPattern = /^\d{6}$/
export const otpSchema = sensitive(z.string().check(z.regex(otpPattern)))
/** The account type the frame's wallet uses. */
export const frameAccountTypeSchema = z.enum(['eoa', 'smartAccount'])
export type FrameAccountType = z.infer<typeof frameAccountTypeSchema>

/** The social providers of an embedded-wallet login, in the specification's list. */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export const socialProviderSchema = z.enum(socialProviders)
export type SocialProvider = z.infer<typeof socialProviderSchema>

/** The social logins a dapp may offer: the providers, and Farcaster (a QR code, not a popup). */
export const socialLogins = [...socialProviders, 'farcaster'] as const
export const socialLoginSchema = z.enum(socialLogins)
export type SocialLogin = z.infer<typeof socialLoginSchema>
/** The specification's default offer, in its order (docs/embedded-wallet.md, "Social logins"). */
export const defaultSocials: readonly SocialLogin[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']
/** The social logins' names: data, shown as they are in every language (the modal's buttons and titles). */
export const socialNames: Readonly<Record<SocialLogin, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}
