// Node environment: @portico/devnet starts anvil. Smart-contract accounts sign in through the
// verifier's RPC path: ERC-1271 for a deployed wallet, ERC-6492 for one not deployed yet.
import { formatSiwxMessage } from '@portico/headless/siwx'
import { JsonRpcProvider } from 'ethers'
import { SiweMessage } from 'siwe'
import { encodeFunctionData, type Hex, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
// By path, as the auth suite reaches the devnet: @portico/devnet depends on this package. The
// smart wallets are the kit's test contracts.
import { type AnvilInstance, evmChainId, startAnvil } from '../../../devnet/src/index.js'
import { setUpSmartWallets } from '../../../headless/src/test/smartWallet.js'
import { createMemoryNonceStore } from './nonceStore.js'
import { type VerifySiwxMessageOptions, verifySiwxMessage } from './verifySiwxMessage.js'

const chainId = `eip155:${evmChainId}` as const
const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
let anvil: AnvilInstance
let wallets: Awaited<ReturnType<typeof setUpSmartWallets>>

beforeAll(async () => {
  anvil = await startAnvil()
  wallets = await setUpSmartWallets(anvil.rpcUrl)
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const walletAddress = (salt: Hex) => wallets.walletAddress(owner.address, salt)
const deployWallet = (salt: Hex) => wallets.deployWallet(owner.address, salt)

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
  expect(await wallets.publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
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
    verifySiwxMessage(genuine, {
      ...genuine.options,
      rpcUrls: undefined,
      getClient: () => wallets.publicClient as never,
    }),
  ).resolves.toBeDefined()
})

test('behavior: a counterfactual wallet signs in with an ERC-6492 signature, and is not deployed by it', async () => {
  const salt = `0x${'03'.padStart(64, '0')}` as Hex
  const address = walletAddress(salt)
  expect(await wallets.publicClient.getCode({ address })).toBeUndefined()
  const { message, signature, options } = await signIn(address)
  const wrapped = serializeErc6492Signature({
    address: wallets.factory,
    data: encodeFunctionData({
      abi: wallets.artifacts.factory.abi,
      functionName: 'deploy',
      args: [owner.address, salt],
    }),
    signature,
  })
  await expect(verifySiwxMessage({ message, signature: wrapped }, options)).resolves.toMatchObject({
    accountAddress: address,
  })
  expect(await wallets.publicClient.getCode({ address })).toBeUndefined()

  const forged = await signIn(address, stranger)
  const forgedWrapped = serializeErc6492Signature({
    address: wallets.factory,
    data: encodeFunctionData({
      abi: wallets.artifacts.factory.abi,
      functionName: 'deploy',
      args: [owner.address, salt],
    }),
    signature: forged.signature,
  })
  await expect(
    verifySiwxMessage({ message: forged.message, signature: forgedWrapped }, forged.options),
  ).rejects.toMatchObject({ reason: 'invalid_signature' })
})
