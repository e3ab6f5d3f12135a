// What the paymaster tests on devnet share, whichever wallet they connect (the WalletConnect
// wallet or the installed test wallet as a smart wallet): the chain, the account-abstraction
// services, USDC and an account funded from devnet account 0. Balances are read on chain.
import type { Devnet } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { beforeAll, expect } from 'vitest'
import { sendCalls } from '../features/calls/sendCalls.js'
import { waitForCallsStatus } from '../features/calls/waitForCallsStatus.js'
import type { Portico } from '../kernel/portico.js'

/**
 * @internal
 * The devnet's chain, bundler and paymaster for a test file, read from the suite's devnet once it
 * has started. Waits for the bundler once for the file (Alto takes seconds to load), not inside a test.
 *
 * @example
 * const chain = paymasterDevnet(() => suite.devnet)
 * await chain.fund(address)
 */
export function paymasterDevnet(devnet: () => Pick<Devnet, 'evm'> & { aa?: Devnet['aa'] | undefined }) {
  const client = (): PublicClient => createPublicClient({ transport: http(devnet().evm.rpcUrl) })
  const aa = () => {
    const { aa } = devnet()
    if (!aa) throw new Error('the devnet started without its account-abstraction services')
    return aa
  }
  const usdc = () => devnet().evm.tokens[0]?.address as Address
  const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address
  const usdcOf = (owner: Address): Promise<bigint> =>
    client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const transfer = (to: Address, amount: bigint) => ({
    to: usdc(),
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  })
  beforeAll(async () => {
    await aa().bundler.ready()
  }, 180_000)
  return {
    client,
    aa,
    usdc,
    /** Whether the devnet paymaster has sponsored an operation of `sender`. */
    sponsored: (sender: Address): boolean =>
      aa()
        .sponsored()
        .some((s) => s.sender.toLowerCase() === sender.toLowerCase()),
    /** A new address no one holds the key of. */
    fresh,
    usdcOf,
    /** A call that moves `amount` of USDC (6 decimals) to `to`. */
    transfer,
    /** Two USDC transfers (1 and 2 USDC to new addresses) in one `sendCalls`, settled and checked on chain. */
    async sendTwoTransfers(portico: Portico) {
      const [alice, bob] = [fresh(), fresh()]
      const { id } = await sendCalls(portico, { calls: [transfer(alice, 1_000_000n), transfer(bob, 2_000_000n)] })
      const status = await waitForCallsStatus(portico, { id, pollingInterval: 50 })
      expect([await usdcOf(alice), await usdcOf(bob)]).toEqual([1_000_000n, 2_000_000n])
      return status
    },
    /** Sends 1 ETH and 50 USDC from devnet account 0 to `to`, each mined. */
    async fund(to: Address) {
      const funder = createWalletClient({
        account: privateKeyToAccount(devnet().evm.accounts[0]?.privateKey as Hex),
        transport: http(devnet().evm.rpcUrl),
        chain: foundry,
      })
      for (const hash of [
        await funder.sendTransaction({ to, value: parseEther('1') }),
        await funder.writeContract({
          address: usdc(),
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, 50_000_000n],
        }),
      ])
        await client().waitForTransactionReceipt({ hash })
    },
  }
}
