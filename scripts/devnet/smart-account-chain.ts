/**
 * One anvil ready for smart accounts, for tests (docs/wallet-service.md, "Bundler and paymaster"): the demo contracts,
 * EntryPoint v0.8 with LatchAccountFactory and LatchPaymaster, the alto bundler and the paymaster service, all on
 * 127.0.0.1. The stack starts the same parts on its first anvil.
 */
import { installAccountAbstraction, startBundler, type Bundler } from './account-abstraction'
import { startAnvil, type Anvil } from './anvil'
import { startPaymasterService, type PaymasterService } from './paymaster'
import { installDemoContracts } from './tokens'

export type SmartAccountChain = { anvil: Anvil; bundler: Bundler; paymaster: PaymasterService; stop(): Promise<void> }

export async function startSmartAccountChain(chainId = 31337): Promise<SmartAccountChain> {
  const anvil = await startAnvil({ chainId })
  try {
    await installDemoContracts(anvil.url)
    await installAccountAbstraction(anvil.url)
    const [bundler, paymaster] = await Promise.all([startBundler({ rpcUrl: anvil.url, chainId }), startPaymasterService({ chainId })])
    return {
      anvil,
      bundler,
      paymaster,
      async stop() {
        await Promise.all([bundler.stop(), paymaster.stop()])
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
