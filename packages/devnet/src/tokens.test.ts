import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { getContractAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmAccounts, solanaAccounts } from './accounts.js'
import { evmTokens, solanaTokens } from './tokens.js'

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

describe('devnet token constants', () => {
  it('EVM token addresses are account #0 deployments at nonce 0 and 1', () => {
    evmTokens.forEach((token, nonce) => {
      expect(getContractAddress({ from: evmAccounts[0].address, nonce: BigInt(nonce) })).toBe(token.address)
    })
  })

  it('state/contracts.json matches src/tokens.ts', () => {
    const contracts = JSON.parse(readFileSync(new URL('../state/contracts.json', import.meta.url), 'utf8')) as {
      chainId: number
      tokens: { address: string; symbol: string; decimals: number; initialBalance: string }[]
      abi: { name?: string }[]
    }
    expect(contracts.chainId).toBe(31337)
    expect(
      contracts.tokens.map(({ address, symbol, decimals, initialBalance }) => ({
        address,
        symbol,
        decimals,
        initialBalance,
      })),
    ).toEqual(
      evmTokens.map(({ address, symbol, decimals, initialBalance }) => ({
        address,
        symbol,
        decimals,
        initialBalance: `${initialBalance}`,
      })),
    )
    expect(contracts.abi.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['balanceOf', 'transfer', 'approve', 'decimals']),
    )
  })

  it('the Solana mint address derives from its documented seed', async () => {
    const [usdc] = solanaTokens
    expect(usdc.mintSeed).toBe(createHash('sha256').update('portico-devnet-solana-usdc-mint').digest('hex'))
    expect((await createKeyPairSignerFromPrivateKeyBytes(fromHex(usdc.mintSeed))).address).toBe(usdc.mint)
  })

  it('the Solana account seeds match their addresses', async () => {
    for (const account of solanaAccounts) {
      expect((await createKeyPairSignerFromPrivateKeyBytes(fromHex(account.seed))).address).toBe(account.address)
    }
  })
})
