import { startDemo } from './devnet/demo/serve-demo'
import { launchBrowser, newGuardedPage } from './e2e/harness'
const demo = await startDemo()
const browser = await launchBrowser()
const g = await newGuardedPage(browser)
await g.page.goto(demo.url, { waitUntil: 'load' })
await g.page.waitForTimeout(1500)
console.log(await g.page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${e.name} ${Math.round(e.startTime)} ${Math.round(e.responseEnd)}`)))
await browser.close(); await demo.stop()
