/**
 * What the WalletConnect bench does in the demo page (docs/walletconnect.md): open the wallet list, choose the
 * WalletConnect row with the probe armed, go back, read the pairing URI from the drawn QR code as a phone would.
 */
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { readPng } from '../scripts/testing/png'
import type { ProbeAccount, ProbeQr } from './wc-probe'

const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
const walletConnectRow = (page: Page) => dialog(page).getByRole('button', { name: /WalletConnect/ })
const qrCode = (page: Page) => dialog(page).getByRole('img', { name: /QR code/i })

/** Settles with what the page's promise `expression` gives, or null after `ms`. */
function awaitInPage<T>(page: Page, expression: string, ms: number): Promise<T | null> {
  return page.evaluate(`Promise.race([${expression}, new Promise((resolve) => setTimeout(() => resolve(null), ${ms}))])`) as Promise<T | null>
}

/** Clicks 'Connect Wallet' and waits for the WalletConnect row in the list. */
export async function openWalletList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await walletConnectRow(page).waitFor()
}

/** Arms the probe, clicks the WalletConnect row and returns the page's timings, or undefined when no QR code came within `timeoutMs`. */
export async function chooseWalletConnect(page: Page, timeoutMs: number): Promise<ProbeQr | undefined> {
  await page.evaluate('window.__latchWcBench.armQr()')
  await walletConnectRow(page).click()
  return (await awaitInPage<ProbeQr>(page, 'window.__latchWcBench.qr', timeoutMs)) ?? undefined
}

/** Leaves the pairing view with the header's Back button (the pairing is given up) and waits for the list. */
export async function leavePairing(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()
  await walletConnectRow(page).waitFor()
}

/** The URI the drawn QR code holds, decoded from a screenshot of it. */
export async function scanQr(page: Page): Promise<string> {
  await qrCode(page).locator('path').first().waitFor()
  const { width, height, data } = readPng(await qrCode(page).screenshot())
  const found = jsQR(data, width, height)
  if (!found) throw new Error('the QR code on the page does not decode')
  return found.data
}

/** Starts watching for the demo's address to read `address`. */
export async function armAccount(page: Page, address: string): Promise<void> {
  await page.evaluate(`window.__latchWcBench.armAccount(${JSON.stringify(address)})`)
}

/** The page's timings of the address shown, or undefined when it was not within `timeoutMs`. */
export async function accountShown(page: Page, timeoutMs: number): Promise<ProbeAccount | undefined> {
  return (await awaitInPage<ProbeAccount>(page, 'window.__latchWcBench.account', timeoutMs)) ?? undefined
}

/** Waits for the demo to show it is disconnected. */
export async function waitDisconnected(page: Page): Promise<void> {
  await page.getByTestId('demo-disconnected').waitFor()
}
