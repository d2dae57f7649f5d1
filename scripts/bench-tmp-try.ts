import { benchOpen } from './bench-open'
const t = performance.now()
const r = await benchOpen({ loads: 3, warmOpens: 5, coldOpens: 3, settleMs: 1000, pauseMs: 100 }, console.error)
console.log(JSON.stringify(r, null, 1))
console.log('ms', performance.now() - t)
