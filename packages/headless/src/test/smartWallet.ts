// Test fixture: the minimal ERC-1271 account in PorticoTestSmartWallet.sol, compiled with solc (JS)
// and deployed on a devnet anvil through its CREATE2 factory. Shared by the verifier's tests and the
// client sign-in flow's tests, so both check the same contract.
import { readFileSync } from 'node:fs'
import { evmAccounts } from '@portico/devnet'
import solc from 'solc'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

export type Artifact = { abi: Abi; bytecode: Hex }

/** Compiles the wallet and its factory (solc, optimiser on, cancun). */
export function compileSmartWallet(): { wallet: Artifact; factory: Artifact } {
  const source = readFileSync(new URL('./PorticoTestSmartWallet.sol', import.meta.url), 'utf8')
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

/**
 * Deploys the factory on an anvil at `rpcUrl` (from the devnet's first account) and returns helpers
 * to compute and deploy owner wallets at CREATE2 addresses.
 */
export type SmartWallets = {
  artifacts: { wallet: Artifact; factory: Artifact }
  factory: Address
  publicClient: PublicClient
  walletAddress: (owner: Address, salt: Hex) => Address
  deployWallet: (owner: Address, salt: Hex) => Promise<Address>
}

export async function setUpSmartWallets(rpcUrl: string): Promise<SmartWallets> {
  const artifacts = compileSmartWallet()
  const deployer = createWalletClient({
    account: privateKeyToAccount(evmAccounts[0].privateKey),
    chain: foundry,
    transport: http(rpcUrl),
  })
  const publicClient: PublicClient = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl),
    pollingInterval: 20,
  })
  const hash = await deployer.deployContract({ abi: artifacts.factory.abi, bytecode: artifacts.factory.bytecode })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const factory = receipt.contractAddress as Address

  /** The CREATE2 address the factory gives `owner`'s wallet for `salt`. */
  const walletAddress = (owner: Address, salt: Hex): Address => {
    const initCode =
      `${artifacts.wallet.bytecode}${encodeAbiParameters([{ type: 'address' }], [owner]).slice(2)}` as Hex
    return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: keccak256(initCode) })
  }
  /** Deploys `owner`'s wallet for `salt`; resolves with its address once mined. */
  const deployWallet = async (owner: Address, salt: Hex): Promise<Address> => {
    const tx = await deployer.writeContract({
      address: factory,
      abi: artifacts.factory.abi,
      functionName: 'deploy',
      args: [owner, salt],
    })
    await publicClient.waitForTransactionReceipt({ hash: tx, pollingInterval: 20 })
    return walletAddress(owner, salt)
  }
  return { artifacts, factory, publicClient, walletAddress, deployWallet }
}
