/**
 * The one client each local identity provider registers (docs/identity-providers.md, "Running it"): fixed, public ids
 * and secrets (`latch-<provider>`, `latch-local-<provider>-secret`) that open nothing but these stand-ins, and the
 * redirect uris given.
 */
import { providerNames, type ProviderName } from './profiles'
import type { LocalClient } from './providers'

export function localClients(redirectUris: readonly string[]): Record<ProviderName, LocalClient> {
  const clients = {} as Record<ProviderName, LocalClient>
  for (const name of providerNames) clients[name] = { clientId: `latch-${name}`, clientSecret: `latch-local-${name}-secret`, redirectUris: [...redirectUris] }
  return clients
}
