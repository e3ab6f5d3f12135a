import { type Devnet, startDevnet } from '@portico/devnet'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createPublicClient, erc20Abi, formatEther, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getBalance } from '../../kernel/actions/getBalance.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { BaseError } from '../../kernel/errors/base.js'
import type { TokenBalance } from '../../kernel/types.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { createTestSolanaWallet } from '../../testing/solanaWallet.js'
import { estimateSendFee } from './estimateSendFee.js'
import { sendToken } from './sendToken.js'

let devnet: Omit<Devnet, 'api' | 'walletConnect' | 'auth'>
const stops: (() => void)[] = []
beforeAll(async () => {
  devnet = await startDevnet({ api: false, walletConnect: false, auth: false })
  installTestWindow()
})
afterAll(async () => {
  removeTestWindow()
  await devnet?.stop()
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const networks = () =>
  testNetworks({
    evmRpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    genesisHash: devnet.solana.genesisHash,
    evmTokens: devnet.evm.tokens.map((t) => ({ address: t.address })),
    solanaTokens: devnet.solana.tokens.map((t) => ({ address: t.mint, symbol: t.symbol, name: t.name })),
  })

/** A fresh EVM address: it starts with nothing, so its balances after a send are exactly what arrived. */
const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address

describe('eip155: the devnet EIP-1193 test wallet on anvil', () => {
  const client = () => createPublicClient({ transport: http(devnet.evm.rpcUrl) })
  const tokenBalance = (token: `0x${string}`, owner: `0x${string}`) =>
    client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  async function evmConnected() {
    const wallet = createTestEip1193Wallet({
      accounts: devnet.evm.accounts.map((a) => a.privateKey),
      chains: [{ id: 31337, rpcUrl: devnet.evm.rpcUrl }],
    })
    stops.push(wallet.announce())
    const portico = createPortico({
      projectId: 'p',
      blockchainApi: false,
      walletConnect: false,
      networks: [networks().devnet, networks().devnet2],
      adapters: [eip155Adapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const balances = await getBalance(portico)
    const [usdc, ptk] = devnet.evm.tokens
    const find = (a: string | undefined) =>
      balances.find((b) => b.address?.toLowerCase() === a?.toLowerCase()) as TokenBalance
    return {
      portico,
      wallet,
      eth: balances.find((b) => b.address === undefined) as TokenBalance,
      usdc: find(usdc?.address),
      ptk: find(ptk?.address),
      sends: () => wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length,
    }
  }

  test('default: native ETH lands at the receiver, exactly', async () => {
    const { portico, eth } = await evmConnected()
    const receiver = freshEvm()
    const hash = await sendToken(portico, { token: eth, amount: '0.5', receiver })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client().getBalance({ address: receiver })).toBe(5n * 10n ** 17n)
    expect((await client().getTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success')
  })

  test('default: USDC (6 decimals) through ERC20 transfer', async () => {
    const { portico, usdc, wallet } = await evmConnected()
    const receiver = freshEvm()
    const before = await tokenBalance(usdc.address as `0x${string}`, wallet.address as `0x${string}`)
    await sendToken(portico, { token: usdc, amount: '12.345678', receiver })
    expect(await tokenBalance(usdc.address as `0x${string}`, receiver)).toBe(12_345_678n)
    expect(await tokenBalance(usdc.address as `0x${string}`, wallet.address as `0x${string}`)).toBe(
      before - 12_345_678n,
    )
  })

  test('default: PTK (18 decimals), down to the last wei; a lowercase receiver is accepted', async () => {
    const { portico, ptk } = await evmConnected()
    const receiver = freshEvm()
    await sendToken(portico, { token: ptk, amount: '1.000000000000000001', receiver: receiver.toLowerCase() })
    expect(await tokenBalance(ptk.address as `0x${string}`, receiver)).toBe(10n ** 18n + 1n)
  })

  test('behavior: bad input is refused with a typed error before the wallet is asked', async () => {
    const { portico, eth, usdc, wallet } = await evmConnected()
    const receiver = freshEvm()
    const seen = wallet.requests.length
    const refused = async (parameters: Parameters<typeof sendToken>[1]) =>
      (await sendToken(portico, parameters).then(
        () => {
          throw new Error('sent')
        },
        (e: BaseError) => e,
      )) as BaseError & { reason?: string }
    expect(await refused({ token: usdc, amount: '', receiver })).toMatchObject({
      name: 'SendParametersRequiredError',
      shortMessage: 'An amount and receiver address are required',
    })
    expect(await refused({ token: usdc, amount: '1', receiver: undefined })).toMatchObject({
      shortMessage: 'An amount and receiver address are required',
    })
    expect(await refused({ token: undefined, amount: '1', receiver })).toMatchObject({
      name: 'TokenRequiredError',
      shortMessage: 'A token is required',
    })
    // A Solana address on an EVM chain, and a one-character checksum typo.
    expect(await refused({ token: usdc, amount: '1', receiver: devnet.solana.accounts[0].address })).toMatchObject({
      name: 'InvalidAddressError',
    })
    const typo = receiver.replace(/[a-f]/, (c) => c.toUpperCase())
    expect(await refused({ token: usdc, amount: '1', receiver: typo })).toMatchObject({ name: 'InvalidAddressError' })
    for (const [amount, reason] of [
      ['1.1234567', 'decimals'],
      ['0', 'zero'],
      ['0.000', 'zero'],
      ['-1', 'negative'],
      ['1e3', 'exponent'],
      ['abc', 'format'],
      ['1.2.3', 'format'],
    ] as const)
      expect(await refused({ token: usdc, amount, receiver }), amount).toMatchObject({
        name: 'InvalidAmountError',
        reason,
      })
    expect(await refused({ token: usdc, amount: '10000.000001', receiver })).toMatchObject({
      name: 'InsufficientBalanceError',
    })
    expect(await refused({ token: eth, amount: '1000000', receiver })).toMatchObject({
      name: 'InsufficientBalanceError',
    })
    expect(await refused({ token: usdc, amount: '1', receiver: usdc.address as string })).toMatchObject({
      name: 'ReceiverIsTokenContractError',
    })
    expect(await refused({ token: { ...usdc, chainId: 'eip155:31338' }, amount: '1', receiver })).toMatchObject({
      name: 'TokenNetworkMismatchError',
    })
    expect(wallet.requests).toHaveLength(seen)
    expect(await tokenBalance(usdc.address as `0x${string}`, receiver)).toBe(0n)
  })

  test('behavior: the user declining in the wallet is UserRejectedRequestError; nothing is sent', async () => {
    const { portico, usdc, wallet } = await evmConnected()
    const receiver = freshEvm()
    wallet.rejectNext('eth_sendTransaction')
    const error = await sendToken(portico, { token: usdc, amount: '1', receiver }).catch((e) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError' })
    expect(await tokenBalance(usdc.address as `0x${string}`, receiver)).toBe(0n)
  })

  test('behavior: a node that reverts (a stale balance above what is held) is ExecutionRevertedError', async () => {
    const { portico, usdc, sends } = await evmConnected()
    const receiver = freshEvm()
    const stale = { ...usdc, quantity: { ...usdc.quantity, numeric: '99999999' } }
    const before = sends()
    const error = await sendToken(portico, { token: stale, amount: '50000000', receiver }).catch((e) => e)
    expect(error).toMatchObject({
      name: 'ExecutionRevertedError',
      shortMessage: expect.stringMatching(/^Execution reverted/),
    })
    expect(sends()).toBe(before + 1) // it reached the wallet once; the node refused it
    expect(await tokenBalance(usdc.address as `0x${string}`, receiver)).toBe(0n)
  })

  test('behavior: the whole native balance leaves nothing for the fee: InsufficientFundsForFeeError before the wallet is asked; the balance less the fee goes', async () => {
    const { portico, eth, sends } = await evmConnected()
    const receiver = freshEvm()
    const before = sends()
    const whole = { token: eth, amount: eth.quantity.numeric as string, receiver }
    const expected = { name: 'InsufficientFundsForFeeError', shortMessage: 'Not enough ETH left for the network fee' }
    // Said while the user types (the fee estimate) and again at the send.
    expect(await estimateSendFee(portico, whole).catch((e) => e)).toMatchObject(expected)
    expect(await sendToken(portico, whole).catch((e) => e)).toMatchObject(expected)
    expect(sends()).toBe(before)
    expect(await client().getBalance({ address: receiver })).toBe(0n)
    // What Max offers (the balance less the fee) is estimated without complaint.
    const fee = await estimateSendFee(portico, { token: eth, amount: '1', receiver })
    const max = formatEther(parseEther(eth.quantity.numeric as string) - (fee.fee * 3n) / 2n)
    await expect(estimateSendFee(portico, { token: eth, amount: max, receiver })).resolves.toMatchObject({
      gas: 21_000n,
    })
  })
})

describe('solana: the Wallet Standard test wallet on the devnet Solana RPC', () => {
  const rpc = () => createSolanaRpc(devnet.solana.rpcUrl)
  const mint = () => address(devnet.solana.tokens[0]?.mint as string)
  const splBalance = async (owner: string) => {
    const [ata] = await findAssociatedTokenPda({
      owner: address(owner),
      mint: mint(),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { value } = await rpc().getAccountInfo(ata, { encoding: 'base64' }).send()
    if (!value) return undefined
    return BigInt((await rpc().getTokenAccountBalance(ata).send()).value.amount)
  }
  const freshSolana = async () => (await generateKeyPairSigner()).address as string

  async function solanaConnected() {
    const wallet = await createTestSolanaWallet({
      seeds: devnet.solana.accounts.map((a) => a.seed),
      rpcUrl: devnet.solana.rpcUrl,
    })
    stops.push(wallet.register())
    const portico = createPortico({
      projectId: 'p',
      blockchainApi: false,
      walletConnect: false,
      networks: networks().all,
      defaultNetwork: devnet.solana.caipNetworkId,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
    const balances = await getBalance(portico)
    return {
      portico,
      wallet,
      sol: balances.find((b) => b.address === undefined) as TokenBalance,
      usdc: balances.find((b) => b.address === devnet.solana.tokens[0]?.mint) as TokenBalance,
    }
  }

  test('default: SOL lands at the receiver, exactly', async () => {
    const { portico, sol } = await solanaConnected()
    const receiver = await freshSolana()
    const signature = await sendToken(portico, { token: sol, amount: '0.5', receiver })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/)
    expect((await rpc().getBalance(address(receiver)).send()).value).toBe(500_000_000n)
  })

  test("default: SPL transferChecked creates the receiver's token account, then reuses it", async () => {
    const { portico, usdc } = await solanaConnected()
    expect(usdc.quantity.decimals).toBe('6')
    const receiver = await freshSolana()
    const before = (await splBalance(devnet.solana.accounts[0].address)) as bigint
    expect(await splBalance(receiver)).toBeUndefined()
    const fee = await estimateSendFee(portico, { token: usdc, amount: '1.5', receiver })
    expect(fee).toMatchObject({ symbol: 'SOL', decimals: 9, createsAccount: true })
    expect(fee.fee).toBeGreaterThan(0n)
    expect(fee.accountRent).toBeGreaterThan(0n)
    await sendToken(portico, { token: usdc, amount: '1.5', receiver })
    expect(await splBalance(receiver)).toBe(1_500_000n)
    expect(await splBalance(devnet.solana.accounts[0].address)).toBe(before - 1_500_000n)
    expect((await estimateSendFee(portico, { token: usdc, amount: '0.25', receiver })).createsAccount).toBe(false)
    await sendToken(portico, { token: usdc, amount: '0.25', receiver })
    expect(await splBalance(receiver)).toBe(1_750_000n)
  })

  test('behavior: the fee estimate is what the cluster charged', async () => {
    const { portico, sol } = await solanaConnected()
    const receiver = await freshSolana()
    const sender = address(devnet.solana.accounts[0].address)
    const estimate = await estimateSendFee(portico, { token: sol, amount: '0.001', receiver })
    const before = (await rpc().getBalance(sender).send()).value
    await sendToken(portico, { token: sol, amount: '0.001', receiver })
    const after = (await rpc().getBalance(sender).send()).value
    expect(before - after - 1_000_000n).toBe(estimate.fee)
  })

  test('behavior: bad input is refused before the wallet is asked', async () => {
    const { portico, sol, usdc, wallet } = await solanaConnected()
    const seen = wallet.requests.length
    const receiver = await freshSolana()
    const refused = (parameters: Parameters<typeof sendToken>[1]) => sendToken(portico, parameters).catch((e) => e)
    expect(await refused({ token: sol, amount: '1', receiver: devnet.evm.accounts[1].address })).toMatchObject({
      name: 'InvalidAddressError',
    })
    expect(await refused({ token: sol, amount: '1', receiver: `${receiver.slice(0, -1)}0` })).toMatchObject({
      name: 'InvalidAddressError',
    })
    expect(await refused({ token: sol, amount: '0.0000000001', receiver })).toMatchObject({
      name: 'InvalidAmountError',
      reason: 'decimals',
    })
    expect(await refused({ token: usdc, amount: '1', receiver: usdc.address as string })).toMatchObject({
      name: 'ReceiverIsTokenContractError',
    })
    expect(await refused({ token: usdc, amount: '5000.000001', receiver })).toMatchObject({
      name: 'InsufficientBalanceError',
    })
    expect(wallet.requests).toHaveLength(seen)
  })

  test('behavior: the user declining is UserRejectedRequestError; nothing lands', async () => {
    const { portico, sol, wallet } = await solanaConnected()
    const receiver = await freshSolana()
    wallet.rejectNext('solana:signAndSendTransaction')
    const error = await sendToken(portico, { token: sol, amount: '0.1', receiver }).catch((e) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError' })
    expect((await rpc().getBalance(address(receiver)).send()).value).toBe(0n)
  })
})
