/**
 * Regenerates the committed EVM fixtures: `state/anvil-state.json` (an anvil chain with the
 * devnet ERC20s deployed and funded) and `state/contracts.json` (their addresses and ABI).
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
import { type Abi, createWalletClient, erc20Abi, getContractAddress, type Hex, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { evmAccounts, evmChainId } from '../src/accounts.js'
import { defaultAnvilStatePath, startAnvil } from '../src/anvil.js'
import { evmTokens } from '../src/tokens.js'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/** Compiles PorticoToken with the npm (wasm) solc, resolving OpenZeppelin imports from node_modules. */
function compile(): { abi: Abi; bytecode: Hex } {
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
  const contract = output.contracts['PorticoToken.sol']?.PorticoToken
  if (!contract) throw new Error('solc produced no PorticoToken artifact')
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
}

async function main(): Promise<void> {
  const started = Date.now()
  const { abi, bytecode } = compile()
  console.log(`compiled PorticoToken with solc ${solc.version()} (${Date.now() - started} ms)`)

  const deployer = privateKeyToAccount(evmAccounts[0].privateKey)
  const holders = evmAccounts.map((a) => a.address)
  const anvil = await startAnvil({ state: false })
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
      const hash = await client.deployContract({
        abi,
        bytecode,
        args: [token.name, token.symbol, token.decimals, holders, token.initialBalance],
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
    tokens: evmTokens.map(({ address, name, symbol, decimals, initialBalance }) => ({
      address,
      name,
      symbol,
      decimals,
      initialBalance: initialBalance.toString(),
      holders,
    })),
    abi,
  }
  const contractsPath = path.join(packageRoot, 'state/contracts.json')
  writeFileSync(contractsPath, `${JSON.stringify(contracts, null, 2)}\n`)

  await verify()
  console.log(
    `wrote ${path.relative(process.cwd(), defaultAnvilStatePath)} and ${path.relative(process.cwd(), contractsPath)} (${Date.now() - started} ms)`,
  )
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
  } finally {
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
