import type { EIP1193Provider } from 'viem'
import { expect, test } from 'vitest'
import { testNetworks } from '../../../test/fixtures.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { createEip1193Connector } from './eip1193Connector.js'

const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** A wallet that reports a switch to a chain it lacks with `code` instead of 4902. */
function walletAnswering(code: number) {
  const { devnet, devnet2 } = testNetworks()
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }] })
  const seen: string[] = []
  const provider = {
    async request(args: { method: string; params?: unknown }) {
      seen.push(args.method)
      try {
        return await wallet.provider.request(args as never)
      } catch (error) {
        if ((error as { code?: unknown }).code === 4902) throw Object.assign(new Error('Invalid chain id'), { code })
        throw error
      }
    },
  } as unknown as EIP1193Provider
  const connector = createEip1193Connector({ id: 'test', name: 'Test', type: 'INJECTED', provider })
  const switchTo = () =>
    connector.switchNetwork({
      namespace: 'eip155',
      network: devnet2,
      networks: [devnet, devnet2],
      current: devnet.caipNetworkId,
    })
  return { wallet, seen, switchTo }
}

test('a switch refused with 32603 (invalid chain id) adds the chain, as 4902 does', async () => {
  const { wallet, seen, switchTo } = walletAnswering(32603)
  await switchTo()
  expect(seen).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
  expect(wallet.chainId).toBe(31338)
})

test('another code (5000, the default) is not taken for an unknown chain: the refusal passes on', async () => {
  const { seen, switchTo } = walletAnswering(5000)
  await expect(switchTo()).rejects.toMatchObject({ code: 5000 })
  expect(seen).toEqual(['wallet_switchEthereumChain'])
})
