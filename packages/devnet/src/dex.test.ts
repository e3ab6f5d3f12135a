import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAccounts } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { devnetDex, devnetPools } from './dex.js'
import { devnetTokenAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './dexAbi.js'
import { evmTokens } from './tokens.js'

const [usdc, ptk] = evmTokens

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())

describe('devnet Uniswap V2', () => {
  it('the committed state holds the DEX and pools seeded at the documented reserves', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    expect(
      await client.readContract({ address: devnetDex.router, abi: uniswapV2RouterAbi, functionName: 'WETH' }),
    ).toBe(devnetDex.weth)
    expect(
      await client.readContract({ address: devnetDex.router, abi: uniswapV2RouterAbi, functionName: 'factory' }),
    ).toBe(devnetDex.factory)
    const address = (symbol: string) =>
      symbol === 'ETH' ? devnetDex.weth : evmTokens.find((t) => t.symbol === symbol)?.address
    for (const pool of devnetPools) {
      const pair = devnetDex.pairs[pool.pair]
      const [r0, r1] = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
      const token0 = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' })
      const aFirst = token0.toLowerCase() === address(pool.tokenA)?.toLowerCase()
      expect(aFirst ? [r0, r1] : [r1, r0]).toEqual([pool.amountA, pool.amountB])
    }
    // The test accounts keep exactly what tests expect: the treasury funded the pools.
    for (const token of evmTokens) {
      for (const holder of evmAccounts) {
        expect(
          await client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [holder.address],
          }),
        ).toBe(token.initialBalance)
      }
    }
    expect(await client.getBalance({ address: evmAccounts[1].address })).toBe(parseEther('10000'))
    expect(await client.readContract({ address: usdc.address, abi: devnetTokenAbi, functionName: 'minter' })).toBe(
      devnetDex.treasury,
    )
  })

  it('swaps ETH for USDC at the pool price, and PTK moves with a signed permit instead of approve', async () => {
    const account = privateKeyToAccount(evmAccounts[2].privateKey)
    const client = createWalletClient({
      account,
      chain: foundry,
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    }).extend(publicActions)
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const path = [devnetDex.weth, usdc.address] as const
    const amounts = await client.readContract({
      address: devnetDex.router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path],
    })
    const quoted = amounts[1] ?? 0n
    // 1 ETH into 100 ETH / 300,000 USDC: about 2,960 USDC after the 0.3% fee and 1% impact.
    expect(quoted).toBeGreaterThan(2_950n * 10n ** 6n)
    expect(quoted).toBeLessThan(2_970n * 10n ** 6n)
    const hash = await client.writeContract({
      address: devnetDex.router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [quoted, path, account.address, deadline],
      value: parseEther('1'),
      gas: devnetDex.swapGasLimit,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      await client.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
    ).toBe(usdc.initialBalance + quoted)

    const value = 10n ** 18n
    const signature = await client.signTypedData({
      domain: { name: ptk.name, version: '1', chainId: foundry.id, verifyingContract: ptk.address },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: account.address, spender: devnetDex.router, value, nonce: 0n, deadline },
    })
    const r = `0x${signature.slice(2, 66)}` as const
    const s = `0x${signature.slice(66, 130)}` as const
    const v = Number.parseInt(signature.slice(130, 132), 16)
    const permit = await client.writeContract({
      address: ptk.address,
      abi: devnetTokenAbi,
      functionName: 'permit',
      args: [account.address, devnetDex.router, value, deadline, v, r, s],
    })
    expect((await client.waitForTransactionReceipt({ hash: permit })).status).toBe('success')
    expect(
      await client.readContract({
        address: ptk.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, devnetDex.router],
      }),
    ).toBe(value)
  })
})
