import * as z from 'zod/mini'

/** What the sign-client tells a wallet about the dapp (docs/walletconnect.md, "Metadata"). */
export type WalletConnectMetadata = { name: string; description: string; url: string; icons: readonly string[] }

const httpUrl = z.string().check(z.maxLength(2_000), z.regex(/^https?:\/\/[^\s]+$/, 'an http(s) URL'))

/** The `metadata` option, checked: a name, a description, the dapp's http(s) URL and up to 10 http(s) icon URLs. */
export const metadataSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z.string().check(z.maxLength(500)),
  url: httpUrl,
  icons: z.array(httpUrl).check(z.maxLength(10)),
})
