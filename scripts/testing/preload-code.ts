/**
 * Test set-up (vitest.config.ts `setupFiles`): the plugins' effects that load with `import()` as an instance starts
 * (docs/behaviour.md, "What loads when") are loaded once before a test file runs, as on a page where they have arrived:
 * the tests see the events in the order of a loaded page and count on virtual time without waiting for an import.
 * The loading itself, kept events and a failed load are covered by kernel/family/lazy.test.ts and, in the browser,
 * by every end-to-end test.
 */
import { lazyCode as apiCode } from '../../plugins/api/lazy-effect'
import { lazyCode as bip122Code } from '../../plugins/bip122/plugin'
import { lazyCode as eip155Code } from '../../plugins/eip155/plugin'
import { lazyCode as solanaCode } from '../../plugins/solana/plugin'

await Promise.all([eip155Code, apiCode, solanaCode, bip122Code].map((code) => code.effect.load()))
