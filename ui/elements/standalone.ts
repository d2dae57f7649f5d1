/**
 * `latch/elements/standalone` (docs/elements.md): one self-contained ES module for a page with no bundler and no React —
 * `latch/elements`, the kernel (`createLatch`, the verbs, `fromViemChain`), and the eip155 and api plugins, with React,
 * react-dom, RxJS and zod inside. It imports nothing by package name, so a `<script type="module">` loads it from
 * wherever the package is served. A page that imports it must take all of Latch from it: `latch` imported beside it
 * would be a second kernel.
 */
export * from '../../kernel/index'
export * from './index'
export { eip155, type Eip155Options } from '../../plugins/eip155/index'
export { api, type ApiOptions } from '../../plugins/api/index'
