import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

// axe-core on every modal view reachable in the demo, in light, dark and phone size; any violation fails.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const account = anvilAccounts[0]

type Mode = { name: string; theme: 'light' | 'dark'; viewport: { width: number; height: number } }
const modes: Mode[] = [
  { name: 'light', theme: 'light', viewport: { width: 1280, height: 760 } },
  { name: 'dark', theme: 'dark', viewport: { width: 1280, height: 760 } },
  { name: 'phone', theme: 'light', viewport: { width: 390, height: 844 } },
  { name: 'phone dark', theme: 'dark', viewport: { width: 390, height: 844 } },
]

type AxeNode = { target: unknown[]; failureSummary?: string }
type AxeRule = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] }
type AxeResults = { violations: AxeRule[]; passes: AxeRule[]; incomplete: AxeRule[] }

/** A target path in axe's format: strings, or arrays of selectors through shadow roots (['latch-modal', '.row']). */
const targetText = (target: unknown[]) => target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | ')

/**
 * Runs axe on the whole document (the demo page and the modal's open shadow root; no rule disabled, nothing excluded)
 * and fails on any violation. While the modal is open the page behind is inert, so the run is mostly the modal.
 */
async function expectNoViolations(page: Page, view: string, { modal = true } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // Check the settled view, not one sliding or fading in (text at opacity 0 is skipped by color-contrast).
  await page.evaluate(async () => {
    const roots = [document, ...[...document.querySelectorAll('latch-modal')].flatMap((host) => host.shadowRoot ?? [])]
    const finite = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(
      document,
      { resultTypes: ['violations', 'passes', 'incomplete'] },
    ),
  )) as AxeResults
  // The run must have looked inside the shadow root: some passing node is addressed through the host.
  const insideModal = results.passes
    .flatMap((rule) => rule.nodes)
    .filter((node) => Array.isArray(node.target[0]) && node.target[0][0] === 'latch-modal' && node.target[0].length > 1)
  if (modal) {
    expect(insideModal.length, `${view}: axe checked no node inside latch-modal's shadow root`).toBeGreaterThan(0)
    const contrast = insideModal.filter((node) => results.passes.some((rule) => rule.id === 'color-contrast' && rule.nodes.includes(node)))
    const unsure = results.incomplete.flatMap((rule) => rule.nodes.map((node) => `${rule.id}: ${targetText(node.target)}: ${node.failureSummary}`))
    expect(contrast.length, `${view}: axe checked no text contrast inside latch-modal; incomplete:\n${unsure.join('\n')}`).toBeGreaterThan(0)
  }
  const report = results.violations.flatMap((rule) =>
    rule.nodes.map((node) => `${rule.id} (${rule.impact}): ${rule.help} at ${targetText(node.target)}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`),
  )
  expect(report, `${view}: axe violations\n${report.join('\n')}`).toEqual([])
}

describe.skipIf(!hasChromium())('axe-core on every modal view', () => {
  const stack = useDemoBrowser(startDemo)

  // The loaded dialog, not the shell shown while the modal's chunk is still on its way.
  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')

  for (const mode of modes) {
    it(`has no violations in ${mode.name} mode: Connect, All Wallets, connecting, failed connect, Account, Networks`, async () => {
      stack.guarded = await newGuardedPage(stack.browser)
      const page = stack.guarded.page
      await page.setViewportSize(mode.viewport)
      await page.emulateMedia({ colorScheme: mode.theme, reducedMotion: 'reduce' })
      await page.goto(new URL(`/?theme=${mode.theme}`, stack.demo.url).href)
      const at = (view: string) => `${view} (${mode.name})`

      // The demo page itself, before the modal opens
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      await expectNoViolations(page, at('demo page'), { modal: false })

      // Connect
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).waitFor()
      await expectNoViolations(page, at('Connect'))

      // All Wallets, with the list loaded
      await dialog(page).getByRole('button', { name: /All wallets/i }).click()
      await dialog(page).locator('[aria-label="All wallets"]:not([aria-busy="true"])').waitFor()
      await expect.poll(() => dialog(page).locator('.skeleton-tile').count()).toBe(0)
      await expectNoViolations(page, at('All Wallets'))

      // All Wallets, a search that finds nothing
      await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill('zzzz no such wallet')
      await dialog(page).getByText('No wallet found', { exact: true }).first().waitFor()
      await expect.poll(() => dialog(page).locator('.skeleton-tile').count()).toBe(0)
      await expectNoViolations(page, at('All Wallets, nothing found'))

      // Connecting (ConnectingExternal) while the dev wallet prompt is open
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
      await page.getByTestId('dev-wallet-reject').waitFor()
      await expectNoViolations(page, at('Connecting'))

      // Failed connect: rejected in the wallet, the error with Retry
      await page.getByTestId('dev-wallet-reject').click()
      await dialog(page).getByRole('button', { name: 'Retry' }).waitFor()
      await expectNoViolations(page, at('Connect failed'))

      // Account, connected
      await dialog(page).getByRole('button', { name: 'Retry' }).click()
      await page.getByTestId('dev-wallet-approve').click()
      await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByRole('button', { name: /0xf39F/ }).click()
      await dialog(page).getByRole('button', { name: 'Disconnect' }).waitFor()
      await expectNoViolations(page, at('Account'))

      // Networks: the network list
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByRole('button', { name: /Anvil/ }).first().click()
      await dialog(page).getByRole('button', { name: /Anvil 2/ }).waitFor()
      await expectNoViolations(page, at('Networks'))
    })
  }
})
