/**
 * Regenerates the committed EVM fixtures: `state/anvil-state.json` (an anvil chain with the
 * devnet ERC20s deployed and funded, Uniswap V2 with three seeded pools, and the ERC-4337 stack
 * of `build-aa.ts`) and `state/contracts.json` (their addresses and ABIs).
 *
 * Run with `pnpm --filter @portico/devnet build:state`. Only needed when the token contract or
 * `src/tokens.ts` changes: normal start-up loads the snapshot and never compiles Solidity,
 * which keeps `startDevnet()` well under a second.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import solc from 'solc'
import {
  type Abi,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { devnetAccountAbstraction } from '../src/aa/contracts.js'
import { evmAccounts, evmChainId } from '../src/accounts.js'
import { defaultAnvilStatePath, startAnvil } from '../src/anvil.js'
import { devnetDex, devnetPools } from '../src/dex.js'
import { evmTokens } from '../src/tokens.js'
import { deployAccountAbstraction } from './build-aa.js'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

interface Artifact {
  abi: Abi
  bytecode: Hex
}

/** A Uniswap V2 build artifact exactly as its npm package ships it. */
function uniswapArtifact(pkg: '@uniswap/v2-core' | '@uniswap/v2-periphery', name: string): Artifact {
  const json = JSON.parse(readFileSync(require.resolve(`${pkg}/build/${name}.json`), 'utf8')) as {
    abi: Abi
    bytecode: string
  }
  return { abi: json.abi, bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex }
}

/** Compiles PorticoToken and PorticoPermitToken with the npm (wasm) solc, resolving OpenZeppelin imports from node_modules. */
function compile(): Record<'PorticoToken' | 'PorticoPermitToken', Artifact> {
  const source = readFileSync(path.join(packageRoot, 'contracts/PorticoToken.sol'), 'utf8')
  const input = {
    language: 'Solidity',
    sources: { 'PorticoToken.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun is what every current EVM tool accepts; nothing here needs newer opcodes.
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const findImports = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), 'utf8') }
    } catch {
      return { error: `not found: ${importPath}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const artifact = (name: 'PorticoToken' | 'PorticoPermitToken'): Artifact => {
    const contract = output.contracts['PorticoToken.sol']?.[name]
    if (!contract) throw new Error(`solc produced no ${name} artifact`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return { PorticoToken: artifact('PorticoToken'), PorticoPermitToken: artifact('PorticoPermitToken') }
}

const routerAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])

async function main(): Promise<void> {
  const started = Date.now()
  const artifacts = compile()
  console.log(`compiled PorticoToken and PorticoPermitToken with solc ${solc.version()} (${Date.now() - started} ms)`)

  const deployer = privateKeyToAccount(evmAccounts[0].privateKey)
  const holders = evmAccounts.map((a) => a.address)
  const anvil = await startAnvil({ state: false })
  let accountAbstraction: Awaited<ReturnType<typeof deployAccountAbstraction>> | undefined
  try {
    const client = createWalletClient({
      account: deployer,
      chain: foundry,
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    }).extend(publicActions)

    // The addresses in src/tokens.ts assume a fresh chain where these are the deployer's first
    // transactions; deploy in order and verify rather than trusting that assumption.
    for (const [nonce, token] of evmTokens.entries()) {
      const expected = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
      if (expected.toLowerCase() !== token.address.toLowerCase()) {
        throw new Error(`src/tokens.ts: ${token.symbol} should be at ${expected} (deployer nonce ${nonce})`)
      }
      const { abi, bytecode } = token.eip2612 ? artifacts.PorticoPermitToken : artifacts.PorticoToken
      const hash = await client.deployContract({
        abi,
        bytecode,
        args: [token.name, token.symbol, token.decimals, holders, token.initialBalance, devnetDex.treasury],
        nonce,
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== token.address.toLowerCase()) {
        throw new Error(
          `deploying ${token.symbol} failed: ${JSON.stringify(receipt, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
        )
      }
      console.log(`deployed ${token.symbol} at ${receipt.contractAddress}`)
    }

    await deployDex(anvil.rpcUrl)
    accountAbstraction = await deployAccountAbstraction(anvil.rpcUrl)

    // anvil_dumpState returns hex-encoded gzip of the JSON that --load-state reads. Storing it
    // as plain, indented JSON keeps the committed file reviewable in diffs.
    const dumped = (await client.request({ method: 'anvil_dumpState' } as never)) as Hex
    const state = JSON.parse(gunzipSync(Buffer.from(dumped.slice(2), 'hex')).toString('utf8')) as unknown
    writeFileSync(defaultAnvilStatePath, `${JSON.stringify(state, null, 2)}\n`)
  } finally {
    await anvil.stop()
  }

  const contracts = {
    chainId: evmChainId,
    deployer: deployer.address,
    tokens: evmTokens.map(({ address, name, symbol, decimals, initialBalance, eip2612 }) => ({
      address,
      name,
      symbol,
      decimals,
      initialBalance: initialBalance.toString(),
      holders,
      eip2612,
    })),
    /** PorticoToken's ABI (USDC); PTK is PorticoPermitToken, the same plus EIP-2612. */
    abi: artifacts.PorticoToken.abi,
    permitAbi: artifacts.PorticoPermitToken.abi,
    dex: devnetDex,
    /** ERC-4337: EntryPoint v0.8, SimpleAccountFactory, Simple7702Account, the paymaster (see src/aa/contracts.ts). */
    accountAbstraction,
  }
  const contractsPath = path.join(packageRoot, 'state/contracts.json')
  // Amounts (the dex's gas limit among them) are written as decimal strings.
  const json = JSON.stringify(contracts, (_, value) => (typeof value === 'bigint' ? value.toString() : value), 2)
  writeFileSync(contractsPath, `${json}\n`)

  await verify()
  console.log(
    `wrote ${path.relative(process.cwd(), defaultAnvilStatePath)} and ${path.relative(process.cwd(), contractsPath)} (${Date.now() - started} ms)`,
  )
}

/**
 * Deploys Uniswap V2 from the treasury (WETH9, factory, Router02 at its nonces 0 to 2), mints
 * the pool liquidity to it and seeds the pools in `src/dex.ts`, checking every address.
 */
async function deployDex(rpcUrl: string): Promise<void> {
  const treasury = privateKeyToAccount(devnetDex.treasuryPrivateKey)
  if (treasury.address !== devnetDex.treasury) throw new Error('src/dex.ts: treasury key and address disagree')
  const client = createWalletClient({
    account: treasury,
    chain: foundry,
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions)
  const wait = async (hash: Hex, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${what} failed`)
    return receipt
  }
  const deploy = async (artifact: Artifact, args: unknown[], expected: string, what: string) => {
    const receipt = await wait(await client.deployContract({ ...artifact, args } as never), `deploying ${what}`)
    if (receipt.contractAddress?.toLowerCase() !== expected.toLowerCase())
      throw new Error(`src/dex.ts: ${what} should be at ${receipt.contractAddress}`)
    console.log(`deployed ${what} at ${receipt.contractAddress}`)
  }
  await deploy(uniswapArtifact('@uniswap/v2-periphery', 'WETH9'), [], devnetDex.weth, 'WETH9')
  await deploy(
    uniswapArtifact('@uniswap/v2-core', 'UniswapV2Factory'),
    [treasury.address],
    devnetDex.factory,
    'UniswapV2Factory',
  )
  await deploy(
    uniswapArtifact('@uniswap/v2-periphery', 'UniswapV2Router02'),
    [devnetDex.factory, devnetDex.weth],
    devnetDex.router,
    'UniswapV2Router02',
  )

  const bySymbol = (symbol: string) => {
    const token = evmTokens.find((t) => t.symbol === symbol)
    if (!token) throw new Error(`no devnet token ${symbol}`)
    return token
  }
  const needed = new Map<string, bigint>()
  for (const pool of devnetPools) {
    for (const [symbol, amount] of [
      [pool.tokenA, pool.amountA],
      [pool.tokenB, pool.amountB],
    ] as const) {
      if (symbol !== 'ETH') needed.set(symbol, (needed.get(symbol) ?? 0n) + amount)
    }
  }
  for (const [symbol, amount] of needed) {
    const token = bySymbol(symbol)
    await wait(
      await client.writeContract({
        address: token.address,
        abi: mintAbi,
        functionName: 'mint',
        args: [treasury.address, amount],
      }),
      `minting ${symbol}`,
    )
    await wait(
      await client.writeContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [devnetDex.router, maxUint256],
      }),
      `approving ${symbol}`,
    )
  }

  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const pairs: Record<string, Hex> = {}
  for (const pool of devnetPools) {
    if (pool.tokenA === 'ETH') {
      const token = bySymbol(pool.tokenB)
      await wait(
        await client.writeContract({
          address: devnetDex.router,
          abi: routerAbi,
          functionName: 'addLiquidityETH',
          args: [token.address, pool.amountB, pool.amountB, pool.amountA, treasury.address, deadline],
          value: pool.amountA,
        }),
        `seeding ${pool.pair}`,
      )
      pairs[pool.pair] = await client.readContract({
        address: devnetDex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [devnetDex.weth, token.address],
      })
    } else {
      const a = bySymbol(pool.tokenA)
      const b = bySymbol(pool.tokenB)
      await wait(
        await client.writeContract({
          address: devnetDex.router,
          abi: routerAbi,
          functionName: 'addLiquidity',
          args: [
            a.address,
            b.address,
            pool.amountA,
            pool.amountB,
            pool.amountA,
            pool.amountB,
            treasury.address,
            deadline,
          ],
        }),
        `seeding ${pool.pair}`,
      )
      pairs[pool.pair] = await client.readContract({
        address: devnetDex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [a.address, b.address],
      })
    }
    if (pairs[pool.pair] !== devnetDex.pairs[pool.pair])
      throw new Error(`src/dex.ts: the ${pool.pair} pair should be at ${pairs[pool.pair]}`)
    console.log(`seeded ${pool.pair} at ${pairs[pool.pair]}`)
  }
}

/** Reloads the written snapshot the way startDevnet will and checks the balances survived. */
async function verify(): Promise<void> {
  const anvil = await startAnvil()
  try {
    const client = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) }).extend(publicActions)
    for (const token of evmTokens) {
      for (const holder of evmAccounts) {
        const balance = await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [holder.address],
        })
        if (balance !== token.initialBalance) {
          throw new Error(`reloaded state: ${token.symbol} balance of ${holder.address} is ${balance}`)
        }
      }
    }
    for (const name of ['entryPoint', 'simpleAccountFactory', 'simple7702Account', 'paymaster'] as const) {
      const code = await client.getCode({ address: devnetAccountAbstraction[name] })
      if (!code || code === '0x') throw new Error(`reloaded state: no ${name} at ${devnetAccountAbstraction[name]}`)
    }
  } finally {
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
