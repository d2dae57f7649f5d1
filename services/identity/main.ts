/**
 * `npx tsx services/identity/main.ts`: the six local identity providers on 127.0.0.1 (docs/identity-providers.md),
 * each with one client redirecting to IDP_REDIRECT_URI. Prints one JSON line per provider (its issuer, client id and
 * secret), then answers until SIGINT or SIGTERM. IDP_PORT picks the port (default 8791).
 */
import { z } from 'zod'
import { isMain } from '../../scripts/cli'
import { ensureIdentityProviders } from './install'

const environment = z.object({
  IDP_PORT: z.coerce.number().int().min(0).max(65535).default(8791),
  IDP_REDIRECT_URI: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8790/v1/social/callback'),
})

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const parsed = environment.safeParse(env)
  if (!parsed.success) throw new Error(`local identity providers: ${parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('; ')}`)
  ensureIdentityProviders()
  // Imported after the install: oidc-provider lives in services/identity/node_modules.
  const { startLocalProviders } = await import('./src/providers')
  const { providerNames } = await import('./src/profiles')
  const { localClients } = await import('./src/clients')
  const clients = localClients([parsed.data.IDP_REDIRECT_URI])
  const idp = await startLocalProviders({ clients, host: '127.0.0.1', port: parsed.data.IDP_PORT })
  for (const name of providerNames) {
    const provider = idp.providers[name]
    if (provider) console.log(JSON.stringify({ provider: name, issuer: provider.issuer, clientId: provider.clientId, clientSecret: clients[name]?.clientSecret, ...(provider.github ? { github: provider.github } : {}) }))
  }
  const stop = () => void idp.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
