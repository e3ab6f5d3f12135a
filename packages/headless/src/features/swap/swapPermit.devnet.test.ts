// The EIP-2612 step of a swap on the devnet: PTK takes permits (EIP-712 domain "Portico Token",
// version "1", read from the token's EIP-5267 `eip712Domain`), USDC does not. An installed test
// wallet (EIP-6963) connected through Portico signs and sends; the chain says what the permit did.
import { devnetTokenAbi, evmTokens } from '@portico/devnet'
import { createPublicClient, encodeFunctionData, erc20Abi, type Hex, http, maxUint256 } from 'viem'
import { expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { buildSwapApprove, type SwapTransaction } from './convert.js'
import { permit } from './swapPermit.js'

// One devnet (no relay) and a test window for the file; what a test starts is stopped after it.
const suite = devnetSuite({ walletConnect: false })

const [usdc, ptk] = evmTokens
const caipNetworkId = 'eip155:31337' as const
const chain = () => createPublicClient({ transport: http(suite.devnet.evm.rpcUrl), pollingInterval: 20 })
const allowanceOf = (token: Hex, owner: Hex, spender: Hex) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] })
const nonceOf = (owner: Hex) =>
  chain().readContract({ address: ptk.address, abi: devnetTokenAbi, functionName: 'nonces', args: [owner] })
/** An approve transaction as the service builds it: `approve(spender, amount)` on `token`. */
const approveOf = (token: Hex, spender: Hex, amount: bigint): SwapTransaction => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
  value: 0n,
  gas: undefined,
  gasPrice: undefined,
})

/** Portico connected to an installed test wallet on devnet account `account`. */
async function connected(account: number) {
  const { portico, wallet, address: owner } = await suite.connectedEvm(account)
  /** The typed data the wallet was asked to sign, as it received it. */
  const signed = () =>
    wallet.requests
      .filter((r) => r.method === 'eth_signTypedData_v4')
      .map((r) => {
        const [address, json] = r.params as [string, string]
        return { address, typedData: JSON.parse(json) }
      })
  const sent = () =>
    wallet.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => (r.params as [unknown])[0])
  return { portico, wallet, owner, signed, sent }
}

const mined = async (hash: Hex) => (await chain().waitForTransactionReceipt({ hash })).status

test("behavior: the service's approve becomes a signed permit: the spender it names may spend exactly the amount, without an approve transaction", async () => {
  const { portico, owner, signed, sent } = await connected(1)
  const amount = 25n * 10n ** 18n
  // The approve the convert API builds for PTK → USDC names the swap router as the spender.
  const approve = await buildSwapApprove(portico, {
    caipNetworkId,
    from: ptk.address,
    to: usdc.address,
    userAddress: owner,
    amount,
  })
  const spender = suite.devnet.evm.dex.router
  expect(await allowanceOf(ptk.address, owner, spender)).toBe(0n)
  expect(await nonceOf(owner)).toBe(0n)

  const before = Math.floor(Date.now() / 1000)
  const hash = await permit(portico, { owner, approve, amount, caipNetworkId })
  const after = Math.floor(Date.now() / 1000)
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await mined(hash)).toBe('success')
  expect(await allowanceOf(ptk.address, owner, spender)).toBe(amount)
  expect(await nonceOf(owner)).toBe(1n)

  // One signature over the token's own domain, then one transaction to the token (not the approve).
  const [request, ...more] = signed()
  expect(more).toEqual([])
  expect(request?.address.toLowerCase()).toBe(owner.toLowerCase())
  expect(request?.typedData).toMatchObject({
    primaryType: 'Permit',
    domain: { name: 'Portico Token', version: '1', chainId: 31337 },
    message: { value: amount.toString(), nonce: '0' },
  })
  expect(request?.typedData.domain.verifyingContract.toLowerCase()).toBe(ptk.address.toLowerCase())
  expect(request?.typedData.message.owner.toLowerCase()).toBe(owner.toLowerCase())
  expect(request?.typedData.message.spender.toLowerCase()).toBe(spender.toLowerCase())
  // The permit is good for 30 minutes from the signature.
  const deadline = Number(request?.typedData.message.deadline)
  expect(deadline).toBeGreaterThanOrEqual(before + 30 * 60)
  expect(deadline).toBeLessThanOrEqual(after + 30 * 60)
  expect(sent()).toHaveLength(1)
  expect(sent()[0]).toMatchObject({ value: '0x0' })
  expect((sent()[0] as { to: string }).to.toLowerCase()).toBe(ptk.address.toLowerCase())
  const receipt = await chain().getTransactionReceipt({ hash })
  expect(receipt.to?.toLowerCase()).toBe(ptk.address.toLowerCase())
})

test('edge: any spender the approve names, an unlimited amount (2^256 - 1), and the next nonce for a second permit', async () => {
  const { portico, owner, signed } = await connected(2)
  const first = suite.devnet.evm.accounts[3].address
  const second = suite.devnet.evm.accounts[4].address
  const firstHash = await permit(portico, {
    owner,
    approve: approveOf(ptk.address, first, 1n),
    amount: 1n,
    caipNetworkId,
  })
  expect(await mined(firstHash)).toBe('success')
  // The permit grants what it is given: the amount passed, for the spender decoded from the approve.
  const hash = await permit(portico, {
    owner,
    approve: approveOf(ptk.address, second, 5n),
    amount: maxUint256,
    caipNetworkId,
  })
  expect(await mined(hash)).toBe('success')
  expect(await allowanceOf(ptk.address, owner, first)).toBe(1n)
  expect(await allowanceOf(ptk.address, owner, second)).toBe(maxUint256)
  expect(await allowanceOf(ptk.address, owner, suite.devnet.evm.dex.router)).toBe(0n)
  expect(await nonceOf(owner)).toBe(2n)
  expect(signed().map(({ typedData }) => typedData.message.nonce)).toEqual(['0', '1'])
  expect(signed()[1]?.typedData.message.value).toBe(maxUint256.toString())
})

test('error: a refused signature is UserRejectedRequestError, and nothing is sent: no allowance, nonce unused', async () => {
  const { portico, wallet, owner, sent } = await connected(0)
  const spender = suite.devnet.evm.dex.router
  const nonce = await nonceOf(owner)
  wallet.rejectNext('eth_signTypedData_v4')
  await expect(
    permit(portico, { owner, approve: approveOf(ptk.address, spender, 10n), amount: 10n, caipNetworkId }),
  ).rejects.toMatchObject({ name: 'UserRejectedRequestError', shortMessage: 'User rejected the request.', code: 4001 })
  expect(sent()).toEqual([])
  expect(await allowanceOf(ptk.address, owner, spender)).toBe(0n)
  expect(await nonceOf(owner)).toBe(nonce)
})

test('error: a token without an EIP-712 domain (USDC here) fails reading it, before the wallet is asked to sign', async () => {
  const { portico, owner, signed, sent } = await connected(0)
  const error = await permit(portico, {
    owner,
    approve: approveOf(usdc.address, suite.devnet.evm.dex.router, 10n),
    amount: 10n,
    caipNetworkId,
  }).catch((e: unknown) => e)
  expect(error).toMatchObject({
    name: 'WalletRequestError',
    shortMessage: 'Something went wrong',
    details: 'eth_call failed: execution reverted',
  })
  expect(signed()).toEqual([])
  expect(sent()).toEqual([])
  expect(await allowanceOf(usdc.address, owner, suite.devnet.evm.dex.router)).toBe(0n)
})
