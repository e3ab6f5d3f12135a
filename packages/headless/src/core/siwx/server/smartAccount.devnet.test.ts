// Node environment: @portico/devnet starts anvil. Smart-contract accounts sign in through the
// verifier's RPC path: ERC-1271 for a deployed wallet, ERC-6492 for one not deployed yet.
import { readFileSync } from 'node:fs'
import { type AnvilInstance, evmAccounts, evmChainId, startAnvil } from '@portico/devnet'
import { JsonRpcProvider } from 'ethers'
import { SiweMessage } from 'siwe'
import solc from 'solc'
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { formatSiwxMessage } from '../formatSiwxMessage.js'
import { createMemoryNonceStore } from './nonceStore.js'
import { type VerifySiwxMessageOptions, verifySiwxMessage } from './verifySiwxMessage.js'

type Artifact = { abi: Abi; bytecode: Hex }

function compile(): { wallet: Artifact; factory: Artifact } {
  const source = readFileSync(new URL('./fixtures/PorticoTestSmartWallet.sol', import.meta.url), 'utf8')
  const input = {
    language: 'Solidity',
    sources: { 'PorticoTestSmartWallet.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const artifact = (name: string): Artifact => {
    const contract = output.contracts['PorticoTestSmartWallet.sol']?.[name]
    if (!contract) throw new Error(`solc produced no ${name}`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return { wallet: artifact('PorticoTestSmartWallet'), factory: artifact('PorticoTestSmartWalletFactory') }
}

const chainId = `eip155:${evmChainId}` as const
const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
let anvil: AnvilInstance
let artifacts: ReturnType<typeof compile>
let factory: Hex
let publicClient: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  artifacts = compile()
  anvil = await startAnvil()
  const deployer = createWalletClient({
    account: privateKeyToAccount(evmAccounts[0].privateKey),
    chain: foundry,
    transport: http(anvil.rpcUrl),
  })
  publicClient = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 20 })
  const hash = await deployer.deployContract({ abi: artifacts.factory.abi, bytecode: artifacts.factory.bytecode })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  factory = receipt.contractAddress as Hex
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

/** The CREATE2 address the factory gives the owner's wallet for `salt`. */
function walletAddress(salt: Hex): Hex {
  const initCode =
    `${artifacts.wallet.bytecode}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: keccak256(initCode) })
}

async function deployWallet(salt: Hex): Promise<Hex> {
  const deployer = createWalletClient({
    account: privateKeyToAccount(evmAccounts[0].privateKey),
    chain: foundry,
    transport: http(anvil.rpcUrl),
  })
  const hash = await deployer.writeContract({
    address: factory,
    abi: artifacts.factory.abi,
    functionName: 'deploy',
    args: [owner.address, salt],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return walletAddress(salt)
}

async function signIn(address: Hex, signer = owner) {
  const nonces = createMemoryNonceStore()
  const message = formatSiwxMessage({
    accountAddress: address,
    chainId,
    domain: 'localhost:5173',
    uri: 'http://localhost:5173',
    version: '1',
    nonce: (await nonces.issue()).nonce,
    statement: 'Sign in with a smart account.',
    issuedAt: new Date().toISOString(),
  })
  const options: VerifySiwxMessageOptions = { domain: 'localhost:5173', nonces, rpcUrls: { [chainId]: anvil.rpcUrl } }
  return { message, options, signature: await signer.signMessage({ message }) }
}

test('behavior: a deployed ERC-1271 wallet signs in through its owner', async () => {
  const address = await deployWallet(`0x${'01'.padStart(64, '0')}`)
  expect(await publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
  const { message, signature, options } = await signIn(address)
  await expect(verifySiwxMessage({ message, signature }, options)).resolves.toMatchObject({ accountAddress: address })

  // Oracle: the siwe package, checking ERC-1271 itself through ethers, agrees.
  const siwe = await new SiweMessage(message).verify(
    { signature },
    { provider: new JsonRpcProvider(anvil.rpcUrl, evmChainId, { staticNetwork: true }), suppressExceptions: true },
  )
  expect(siwe.success).toBe(true)
})

test('behavior: an ERC-1271 wallet refuses a stranger, and needs an RPC to be checked at all', async () => {
  const address = await deployWallet(`0x${'02'.padStart(64, '0')}`)
  const forged = await signIn(address, stranger)
  await expect(verifySiwxMessage(forged, forged.options)).rejects.toMatchObject({ reason: 'invalid_signature' })
  const genuine = await signIn(address)
  await expect(verifySiwxMessage(genuine, { ...genuine.options, rpcUrls: undefined })).rejects.toMatchObject({
    reason: 'invalid_signature',
    details: expect.stringMatching(/no RPC/),
  })
  // A getClient hook is the other way to reach the chain.
  await expect(
    verifySiwxMessage(genuine, { ...genuine.options, rpcUrls: undefined, getClient: () => publicClient as never }),
  ).resolves.toBeDefined()
})

test('behavior: a counterfactual wallet signs in with an ERC-6492 signature, and is not deployed by it', async () => {
  const salt = `0x${'03'.padStart(64, '0')}` as Hex
  const address = walletAddress(salt)
  expect(await publicClient.getCode({ address })).toBeUndefined()
  const { message, signature, options } = await signIn(address)
  const wrapped = serializeErc6492Signature({
    address: factory,
    data: encodeFunctionData({ abi: artifacts.factory.abi, functionName: 'deploy', args: [owner.address, salt] }),
    signature,
  })
  await expect(verifySiwxMessage({ message, signature: wrapped }, options)).resolves.toMatchObject({
    accountAddress: address,
  })
  expect(await publicClient.getCode({ address })).toBeUndefined()

  const forged = await signIn(address, stranger)
  const forgedWrapped = serializeErc6492Signature({
    address: factory,
    data: encodeFunctionData({ abi: artifacts.factory.abi, functionName: 'deploy', args: [owner.address, salt] }),
    signature: forged.signature,
  })
  await expect(
    verifySiwxMessage({ message: forged.message, signature: forgedWrapped }, forged.options),
  ).rejects.toMatchObject({ reason: 'invalid_signature' })
})
