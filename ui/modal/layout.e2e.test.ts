import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureChromium, launchBrowser } from '../../scripts/e2e/harness'
import { themeCss } from '../theme/tokens'
import { modalCss } from './styles'
import { sendCss } from './views/Send/Send.css'
import { WalletRowButton } from './WalletRow/WalletRow'

// The modal's own styles and markup in chromium, laid out at the modal's width (a view is 328 px inside its padding):
// what a visitor sees, without the demo stack.

let browser: Browser
let page: Page
beforeAll(async () => {
  ensureChromium()
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(() => browser?.close())

async function layout(dir: 'ltr' | 'rtl', markup: string, css = '') {
  await page.setContent(`<!doctype html><style>${themeCss('.latch-theme')}${modalCss}${css}</style><div class="latch-theme latch-root" data-theme="light" dir="${dir}" lang="${dir === 'rtl' ? 'ar' : 'en'}" style="width:328px">${markup}</div>`)
}

/** The horizontal gap between a row's icon and the text of its name, in CSS pixels (the text's own box, not its span's). */
function gapToIcon(index: number) {
  return page.evaluate((at) => {
    const row = document.querySelectorAll('.row')[at] as HTMLElement
    const icon = row.firstElementChild as HTMLElement
    const name = row.querySelector('.row-name') as HTMLElement
    const range = document.createRange()
    range.selectNodeContents(name)
    const text = range.getBoundingClientRect()
    const box = icon.getBoundingClientRect()
    return getComputedStyle(row).direction === 'rtl' ? box.left - text.right : text.left - box.right
  }, index)
}

describe('rows right to left', () => {
  const rows = () =>
    `<ul class="list">${['MetaMask', 'Coinbase Wallet', 'محفظة'].map((name, i) => `<li>${renderToStaticMarkup(createElement(WalletRowButton, { name, families: i === 1 ? 'EVM · Solana' : undefined, onClick() {} }))}</li>`).join('')}</ul>`

  it.each(['ltr', 'rtl'] as const)('%s: a Latin or Arabic wallet name sits beside its icon, not at the far edge', async (dir) => {
    await layout(dir, rows())
    for (const index of [0, 1, 2]) expect(await gapToIcon(index), `row ${index}`).toBeLessThanOrEqual(16)
  })

  it('a long Latin name in Arabic is cut at its own end, beside the icon', async () => {
    await layout('rtl', `<ul class="list"><li>${renderToStaticMarkup(createElement(WalletRowButton, { name: 'A very long wallet name that does not fit in the row at all', onClick() {} }))}</li></ul>`)
    const cut = await page.evaluate(() => {
      const name = document.querySelector('.row-name') as HTMLElement
      return { overflowing: name.scrollWidth > name.clientWidth, direction: getComputedStyle(name).direction }
    })
    expect(cut).toEqual({ overflowing: true, direction: 'ltr' })
  })
})

describe("Send's resolved address", () => {
  it.each(['ltr', 'rtl'] as const)('%s: stays inside the view, whole', async (dir) => {
    await layout(dir, `<section class="send"><form class="send-form"><p class="send-resolved subtle" role="status"><bdi dir="ltr">0x70997970C51812dc3A010C7d01b50e0d17dc79C8</bdi></p></form></section>`, sendCss)
    const fits = await page.evaluate(() => {
      const root = (document.querySelector('.latch-root') as HTMLElement).getBoundingClientRect()
      const text = document.createRange()
      text.selectNodeContents(document.querySelector('.send-resolved bdi') as Node)
      const box = text.getBoundingClientRect()
      const paragraph = (document.querySelector('.send-resolved') as HTMLElement).getBoundingClientRect()
      return box.left >= Math.max(root.left, paragraph.left) - 0.5 && box.right <= Math.min(root.right, paragraph.right) + 0.5
    })
    expect(fits).toBe(true)
  })
})
