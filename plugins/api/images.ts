/**
 * Image URLs of docs/behaviour.md, "Provider API" (blob responses): for an `<img src>`, so they make no request
 * themselves. Each carries projectId, st and sv like every other call.
 */
import { apiUrl, type ApiClient } from '../provider-api/index'

function imageUrl(client: ApiClient, route: string, id: string): string {
  return apiUrl(client, `${route}/${encodeURIComponent(id)}`)
}

/** GET /getWalletImage/{id}: a wallet's image, by the listing's `image_id`. */
export function walletImageUrl(client: ApiClient, imageId: string): string {
  return imageUrl(client, '/getWalletImage', imageId)
}

/** GET /public/getAssetImage/{id}: a network's or other asset's image (`assets.imageId`). */
export function assetImageUrl(client: ApiClient, imageId: string): string {
  return imageUrl(client, '/public/getAssetImage', imageId)
}

/** GET /public/getCurrencyImage/{id}: a fiat currency's image. */
export function currencyImageUrl(client: ApiClient, currencyId: string): string {
  return imageUrl(client, '/public/getCurrencyImage', currencyId)
}

/** GET /public/getTokenImage/{id}: a token's image. */
export function tokenImageUrl(client: ApiClient, tokenId: string): string {
  return imageUrl(client, '/public/getTokenImage', tokenId)
}
