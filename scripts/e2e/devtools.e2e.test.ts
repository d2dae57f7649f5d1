import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/devtools.md: the in-page timeline on the demo (`?devtools`), in chromium. A connect the dev wallet declines; the live
// modal is closed; the slider steps back to the failed attempt and the read-only copy shows the failed-connect screen.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const screenshot = process.env.LATCH_DEVTOOLS_SCREENSHOT

describe.skipIf(!hasChromium())('latch/devtools on the demo', () => {
  const stack = useDemoBrowser(startDemo)

  it('steps back to a failed connect and sees that screen in the read-only copy', async () => {
    const page = await openDemo(stack, '/?devtools&families=eip155')
    await page.setViewportSize({ width: 1400, height: 1000 })
    const panel = page.locator('latch-devtools').getByRole('region', { name: 'Latch devtools' })
    await panel.waitFor()
    const dialog = page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-reject').click()
    await expect.poll(() => dialog.locator('.view [role=alert]').textContent()).toBeTruthy()
    const failedText = await dialog.locator('.view [role=alert]').textContent()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    // The live modal is closed; the copy follows the latest event, where the modal is closed too.
    const frame = panel.locator('.dt-frame')
    await expect.poll(() => frame.getAttribute('data-open')).toBe('false')
    const requests = panel.getByRole('list', { name: 'Wallet requests and timed messages' })
    await expect.poll(() => requests.textContent()).toMatch(/wallet\/connect eip155 — failed/)

    await panel.getByRole('checkbox', { name: 'connection' }).check()
    await panel.getByRole('list', { name: 'Events' }).getByRole('button', { name: /connection\/attemptEnded/ }).last().click()
    await expect.poll(() => frame.locator('.view [role=alert]').textContent()).toBe(failedText)
    expect(await frame.textContent()).toContain('Retry')
    expect(await panel.getByLabel('State diff').textContent()).toContain('"failed"')
    // Read-only: the live page still has no modal, and the copy takes no click.
    expect(await frame.evaluate((element) => element.hasAttribute('inert'))).toBe(true)
    expect(await dialog.count()).toBe(0)
    // The copy is drawn inside its frame (the modal's fixed backdrop is held by it), not somewhere over the page.
    const inside = await frame.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const card = element.querySelector('.card')!.getBoundingClientRect()
      return card.left >= box.left && card.right <= box.right && card.top >= box.top && card.bottom <= box.bottom
    })
    expect(inside).toBe(true)
    if (screenshot) await page.screenshot({ path: screenshot })

    // axe on the page with the panel (its shadow root included): no violation in the panel.
    await page.evaluate(axeSource)
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe
      const results = await axe.run({ include: [['latch-devtools', '.dt-panel']] }, { resultTypes: ['violations'] })
      return results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`)
    })) as string[]
    expect(violations).toEqual([])
  }, 120_000)
})
