/**
 * Deploys the devnet's account-abstraction stack for `build-state.ts`: EntryPoint v0.8,
 * SimpleAccountFactory and Simple7702Account from `@account-abstraction/contracts`'s published
 * artifacts, through the deterministic deployment proxy with the salts their authors used (so
 * each lands at its public-chain address), the embedded wallet's `PorticoAccount` and its factory
 * (compiled here from Solady's sources), then `PorticoPaymaster` (compiled here from
 * OpenZeppelin's sources) funded at the EntryPoint, then lets the bundler deploy its simulation
 * contracts. Every address is checked against `src/aa/contracts.ts`.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import {
  type Abi,
  concat,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  parseAbi,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { startBundler } from '../src/aa/bundler.js'
import { devnetAccountAbstraction as aa, deterministicDeployer } from '../src/aa/contracts.js'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

interface Artifact {
  abi: Abi
  bytecode: Hex
}

/** The salt eth-infinitism deployed EntryPoint v0.8 with (the others used the zero salt). */
const entryPointSalt = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
const zeroSalt = `0x${'00'.repeat(32)}` as const

/** An artifact exactly as `@account-abstraction/contracts` ships it (Hardhat format). */
function eip4337Artifact(name: string): Artifact {
  const file = path.join(
    path.dirname(require.resolve('@account-abstraction/contracts/package.json')),
    'artifacts',
    `${name}.json`,
  )
  const json = JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: Hex }
  return { abi: json.abi, bytecode: json.bytecode }
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/**
 * Compiles `contracts/<file>` with the npm (wasm) solc and returns the named contracts' artifacts;
 * imports resolve from node_modules (OpenZeppelin, and Solady, whose package keeps its sources
 * under `src/`). With `withoutMetadataHash`, no metadata hash is appended, so the bytecode, and
 * with it the CREATE2 address, changes only when the code does, not when a comment does (the
 * paymaster keeps its hash: its address predates this).
 */
export function compileContracts<const Name extends string>(
  file: string,
  names: readonly Name[],
  { withoutMetadataHash = false } = {},
): Record<Name, Artifact> {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(path.join(packageRoot, 'contracts', file), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // OpenZeppelin's account contracts use Cancun's mcopy; anvil runs Prague.
      evmVersion: 'cancun',
      ...(withoutMetadataHash ? { metadata: { bytecodeHash: 'none' } } : {}),
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const findImports = (importPath: string) => {
    try {
      const resolved = importPath.startsWith('solady/') ? importPath.replace('solady/', 'solady/src/') : importPath
      return { contents: readFileSync(require.resolve(resolved), 'utf8') }
    } catch {
      return { error: `not found: ${importPath}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const artifacts = {} as Record<Name, Artifact>
  for (const name of names) {
    const contract = output.contracts[file]?.[name]
    if (!contract) throw new Error(`solc produced no ${name} artifact`)
    artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return artifacts
}

const paymasterAbi = parseAbi(['function deposit() payable'])
const entryPointAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])

/**
 * Deploys the stack on the chain at `rpcUrl` (a fresh build chain) and returns what
 * `state/contracts.json` records about it.
 */
export async function deployAccountAbstraction(rpcUrl: string) {
  const operator = privateKeyToAccount(aa.operator.privateKey)
  if (operator.address !== aa.operator.address)
    throw new Error('src/aa/contracts.ts: operator key and address disagree')
  for (const role of [aa.sponsorSigner, aa.bundlerExecutor, aa.bundlerUtility]) {
    if (privateKeyToAccount(role.privateKey).address !== role.address)
      throw new Error(`src/aa/contracts.ts: key and address of ${role.address} disagree`)
  }
  const client = createWalletClient({
    account: operator,
    chain: foundry,
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions)
  if (!(await client.getCode({ address: deterministicDeployer })))
    throw new Error(`the chain has no deterministic deployment proxy at ${deterministicDeployer}`)

  const deploy2 = async (what: string, initCode: Hex, salt: Hex, expected: string) => {
    const address = getContractAddress({ opcode: 'CREATE2', from: deterministicDeployer, salt, bytecode: initCode })
    if (address.toLowerCase() !== expected.toLowerCase())
      throw new Error(`src/aa/contracts.ts: ${what} should be at ${address}`)
    const hash = await client.sendTransaction({ to: deterministicDeployer, data: concat([salt, initCode]) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    const code = await client.getCode({ address })
    if (receipt.status !== 'success' || !code || code === '0x') throw new Error(`deploying ${what} failed`)
    console.log(`deployed ${what} at ${address}`)
  }

  const entryPoint = eip4337Artifact('EntryPoint')
  const factory = eip4337Artifact('SimpleAccountFactory')
  const simpleAccount = eip4337Artifact('SimpleAccount')
  const simple7702 = eip4337Artifact('Simple7702Account')
  const { PorticoPaymaster: paymaster } = compileContracts('PorticoPaymaster.sol', ['PorticoPaymaster'])
  const account = compileContracts('PorticoAccount.sol', ['PorticoAccount', 'PorticoAccountFactory'], {
    withoutMetadataHash: true,
  })

  await deploy2('EntryPoint v0.8', entryPoint.bytecode, entryPointSalt, aa.entryPoint)
  await deploy2(
    'SimpleAccountFactory',
    concat([factory.bytecode, encodeAbiParameters([{ type: 'address' }], [aa.entryPoint])]),
    zeroSalt,
    aa.simpleAccountFactory,
  )
  await deploy2('Simple7702Account', simple7702.bytecode, zeroSalt, aa.simple7702Account)
  await deploy2('PorticoAccount', account.PorticoAccount.bytecode, zeroSalt, aa.porticoAccount)
  await deploy2(
    'PorticoAccountFactory',
    concat([account.PorticoAccountFactory.bytecode, encodeAbiParameters([{ type: 'address' }], [aa.porticoAccount])]),
    zeroSalt,
    aa.porticoAccountFactory,
  )
  await deploy2(
    'PorticoPaymaster',
    concat([
      paymaster.bytecode,
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [aa.sponsorSigner.address, aa.operator.address]),
    ]),
    aa.paymasterSalt,
    aa.paymaster,
  )
  const funded = await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      address: aa.paymaster,
      abi: paymasterAbi,
      functionName: 'deposit',
      value: aa.paymasterInitialDeposit,
    }),
  })
  const deposit = await client.readContract({
    address: aa.entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [aa.paymaster],
  })
  if (funded.status !== 'success' || deposit !== aa.paymasterInitialDeposit)
    throw new Error(`funding the paymaster failed (deposit ${deposit})`)
  console.log(`funded the paymaster's deposit with ${deposit} wei`)

  // Alto deploys its simulation contracts (CREATE2, salted by its utility key) on its first start;
  // doing it here keeps that transaction out of every devnet start.
  const bundler = await startBundler({ rpcUrl, eager: true })
  await bundler.stop()
  console.log('the bundler deployed its simulation contracts')

  return {
    ...aa,
    paymasterInitialDeposit: aa.paymasterInitialDeposit.toString(),
    deterministicDeployer,
    salts: {
      entryPoint: entryPointSalt,
      simpleAccountFactory: zeroSalt,
      simple7702Account: zeroSalt,
      porticoAccount: zeroSalt,
      porticoAccountFactory: zeroSalt,
    },
    abis: {
      entryPoint: entryPoint.abi,
      simpleAccountFactory: factory.abi,
      simpleAccount: simpleAccount.abi,
      simple7702Account: simple7702.abi,
      porticoAccount: account.PorticoAccount.abi,
      porticoAccountFactory: account.PorticoAccountFactory.abi,
      paymaster: paymaster.abi,
    },
  }
}
