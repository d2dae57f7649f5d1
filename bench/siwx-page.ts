/**
 * What the sign-in bench does in the demo page (docs/siwx.md): connect the EVM dev wallet, approve the connection with
 * the probe armed, press Sign in the sign-in view, approve the signature with the probe armed.
 */
import type { Page } from 'playwright-core'
import type { ProbeSignedIn, ProbeView } from './siwx-probe'

const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
const signView = (page: Page) => page.locator('latch-modal [data-view="SIWXSignMessage"]')
const prompt = (page: Page) => page.getByTestId('dev-wallet-prompt')
const approve = (page: Page) => page.getByTestId('dev-wallet-approve')

/** Settles with what the page's promise `expression` gives, or null after `ms`. */
export function awaitInPage<T>(page: Page, expression: string, ms: number): Promise<T | null> {
  return page.evaluate(`Promise.race([${expression}, new Promise((resolve) => setTimeout(() => resolve(null), ${ms}))])`) as Promise<T | null>
}

/** Clicks 'Connect Wallet', chooses the EVM dev wallet and waits for its connection prompt. */
export async function chooseDevWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await approve(page).waitFor()
}

/** Arms the probe, approves the connection in the dev wallet and returns the page's timings, or undefined when the view's Sign button did not come within `timeoutMs`. */
export async function approveConnection(page: Page, timeoutMs: number): Promise<ProbeView | undefined> {
  await page.evaluate('window.__latchSiwxBench.armView()')
  await approve(page).click()
  return (await awaitInPage<ProbeView>(page, 'window.__latchSiwxBench.view', timeoutMs)) ?? undefined
}

/** Presses Sign in the view, waits for the dev wallet's signature prompt, arms the probe and approves it; the page's timings, or undefined when not signed in within `timeoutMs`. */
export async function approveSignature(page: Page, timeoutMs: number): Promise<ProbeSignedIn | undefined> {
  await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
  await prompt(page).filter({ hasText: 'wants you to sign in' }).waitFor({ timeout: timeoutMs })
  await page.evaluate('window.__latchSiwxBench.armSignedIn()')
  await approve(page).click()
  return (await awaitInPage<ProbeSignedIn>(page, 'window.__latchSiwxBench.signedIn', timeoutMs)) ?? undefined
}
