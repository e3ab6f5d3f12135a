// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, createWalletClient, type Hex, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useNfts } from './useNfts.js'

const api = { options: { blockchainApi: true } }
const erc1155 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
])

test('default: the connected account’s NFTs; a token sent to it shows after a refetch', async () => {
  const { wrapper, wallet } = await hookSetup(api)
  const { result } = await renderConnected(wrapper, () => useNfts())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data?.pages[0]?.data).toEqual([])

  // Devnet account #1 holds one Genesis Badge (Portico Editions, ERC-1155 id 1) and sends it over.
  const devnet = sharedDevnet()
  const sender = privateKeyToAccount(devnet.evmPrivateKeys[1] as Hex)
  // The devnet's Portico Editions (`devnetCollections` in @portico/devnet, which a DOM test cannot load).
  const editions: Hex = '0x7357000000000000000000000000000000001155'
  const hash = await createWalletClient({ account: sender, transport: http(devnet.evmRpcUrl) }).writeContract({
    chain: null,
    address: editions,
    abi: erc1155,
    functionName: 'safeTransferFrom',
    args: [sender.address, wallet.address as Hex, 1n, 1n, '0x'],
  })
  await createPublicClient({ transport: http(devnet.evmRpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  })
  await act(() => result.current.value.refetch())
  await waitFor(
    () =>
      expect(result.current.value.data?.pages[0]?.data).toEqual([
        expect.objectContaining({ name: 'Genesis Badge', amount: '1', standard: 'ERC1155', contractAddress: editions }),
      ]),
    settled,
  )
})

test('behavior: no connection and no address: the query waits', async () => {
  const { wrapper } = await hookSetup(api)
  const { result } = renderHook(() => useNfts(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
})
