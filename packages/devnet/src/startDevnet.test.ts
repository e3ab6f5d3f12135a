import net from 'node:net'
import { address, isSolanaError, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createPublicClient, erc20Abi, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../scripts/free-port.mjs'
import {
  type Devnet,
  type DirectoryWallet,
  devnetLinklessWalletId,
  devnetWebWalletId,
  evmTokens,
  solanaInitialLamports,
  solanaTokens,
  startDevnet,
} from './index.js'
import {
  anvilProcessesOnPort,
  canBind,
  createDevnetRpc,
  type Rpc,
  rawRpc,
  sendAndConfirm,
  signerFromSeed,
} from './test-utils.js'

describe('startDevnet', () => {
  let devnet: Devnet
  let rpc: Rpc

  beforeAll(async () => {
    const started = performance.now()
    devnet = await startDevnet()
    console.log(
      `devnet started in ${Math.round(performance.now() - started)} ms (evm ${devnet.evm.rpcUrl}, solana ${devnet.solana.rpcUrl})`,
    )
    rpc = createDevnetRpc(devnet.solana.rpcUrl)
  })
  afterAll(() => devnet?.stop())

  it('describes both chains', () => {
    expect(devnet.evm).toMatchObject({ chainId: 31337, caipNetworkId: 'eip155:31337' })
    expect(devnet.evm.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.evm.tokens.map((t) => t.symbol)).toEqual(['USDC', 'PTK'])
    expect(devnet.solana.caipNetworkId).toBe(`solana:${devnet.solana.genesisHash.slice(0, 32)}`)
    expect(devnet.solana.tokens).toEqual([
      { mint: solanaTokens[0].mint, name: 'USD Coin (Devnet)', symbol: 'USDC', decimals: 6 },
    ])
  })

  it('lists the devnet web wallet first in the directory, its page as the mobile and web app link', async () => {
    const q = 'projectId=p&st=appkit&sv=1'
    const first = (await (await fetch(`${devnet.api.url}/getWallets?${q}`)).json()) as { data: DirectoryWallet[] }
    expect(first.data[0]).toMatchObject({
      id: devnetWebWalletId,
      name: 'Devnet Web Wallet',
      mobile_link: devnet.walletConnect.walletUrl,
      webapp_link: devnet.walletConnect.walletUrl,
    })
    const image = await fetch(`${devnet.api.url}/getWalletImage/${first.data[0]?.image_id}?${q}`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    // Its universal link is the wallet page.
    const link = new URL(
      `wc?uri=${encodeURIComponent(`wc:${'a'.repeat(64)}@2?relay-protocol=irn`)}`,
      devnet.walletConnect.walletUrl,
    )
    expect((await fetch(link)).headers.get('content-type')).toMatch(/text\/html/)
  })

  it('lists an entry without app links after the fixture, found by a search', async () => {
    const q = 'projectId=p&st=appkit&sv=1'
    const found = (await (await fetch(`${devnet.api.url}/getWallets?${q}&search=linkless`)).json()) as {
      data: DirectoryWallet[]
    }
    expect(found.data).toEqual([
      expect.objectContaining({
        id: devnetLinklessWalletId,
        name: 'Devnet Linkless Wallet',
        mobile_link: null,
        desktop_link: null,
        webapp_link: null,
      }),
    ])
    const image = await fetch(`${devnet.api.url}/getWalletImage/${found.data[0]?.image_id}?${q}`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('serves the ERC20s and native balance of EVM account #0', async () => {
    const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
    const owner = devnet.evm.accounts[0].address
    expect(await client.getChainId()).toBe(31337)
    for (const token of evmTokens) {
      const read = <T extends 'symbol' | 'decimals' | 'name'>(functionName: T) =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName })
      expect(await read('symbol')).toBe(token.symbol)
      expect(await read('name')).toBe(token.name)
      expect(await read('decimals')).toBe(token.decimals)
      expect(
        await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      ).toBe(token.initialBalance)
    }
    expect(evmTokens[0].initialBalance).toBe(10_000n * 10n ** 6n)
    expect(evmTokens[1].initialBalance).toBe(1_000n * 10n ** 18n)
    // #0 deployed the tokens, so it paid some gas out of its 10,000 ETH.
    const balance = await client.getBalance({ address: owner })
    expect(balance).toBeGreaterThan(parseEther('9999'))
    expect(balance).toBeLessThanOrEqual(parseEther('10000'))
    expect(await client.getBalance({ address: devnet.evm.accounts[1].address })).toBe(parseEther('10000'))
  })

  it('serves SOL balances and jsonParsed token accounts', async () => {
    const owner = address(devnet.solana.accounts[0].address)
    const { value: lamports } = await rpc.getBalance(owner).send()
    expect(lamports).toBe(solanaInitialLamports)

    const mint = address(solanaTokens[0].mint)
    const { value } = await rpc.getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' }).send()
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(value).toHaveLength(1)
    expect(value[0]?.pubkey).toBe(ata)
    expect(value[0]?.account.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(value[0]?.account.data).toEqual({
      parsed: {
        info: {
          isNative: false,
          mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '5000000000', decimals: 6, uiAmount: 5000, uiAmountString: '5000' },
        },
        type: 'account',
      },
      program: 'spl-token',
      space: 165n,
    })

    const byProgram = await rpc
      .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(byProgram.value.map((entry) => entry.pubkey)).toEqual([ata])
  })

  it('transfers SOL with a transaction signed by @solana/kit', async () => {
    const sender = await signerFromSeed(devnet.solana.accounts[1].seed)
    const recipient = address(devnet.solana.accounts[2].address)
    const [senderBefore, recipientBefore] = await Promise.all([
      rpc.getBalance(sender.address).send(),
      rpc.getBalance(recipient).send(),
    ])
    const amount = 1_500_000_000n

    const { status } = await sendAndConfirm(rpc, sender, [
      getTransferSolInstruction({ source: sender, destination: recipient, amount }),
    ])
    expect(status.err).toBeNull()

    const [senderAfter, recipientAfter] = await Promise.all([
      rpc.getBalance(sender.address).send(),
      rpc.getBalance(recipient).send(),
    ])
    expect(recipientAfter.value - recipientBefore.value).toBe(amount)
    expect(senderBefore.value - senderAfter.value).toBe(amount + 5_000n) // one signature's fee
  })

  it('transfers SPL tokens through the real Token program', async () => {
    const mint = address(solanaTokens[0].mint)
    const sender = await signerFromSeed(devnet.solana.accounts[3].seed)
    const recipient = address(devnet.solana.accounts[4].address)
    const [source] = await findAssociatedTokenPda({ owner: sender.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: recipient, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })

    const { signature } = await sendAndConfirm(rpc, sender, [
      getTransferCheckedInstruction({ source, mint, destination, authority: sender, amount: 1_250_000n, decimals: 6 }),
    ])

    expect((await rpc.getTokenAccountBalance(source).send()).value).toMatchObject({
      amount: '4998750000',
      uiAmountString: '4998.75',
    })
    expect((await rpc.getTokenAccountBalance(destination).send()).value).toMatchObject({
      amount: '5001250000',
      uiAmountString: '5001.25',
    })
    const transaction = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.meta?.logMessages?.join('\n')).toContain(
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
    )
  })

  it('answers unknown methods with JSON-RPC -32601', async () => {
    const { json } = await rawRpc(devnet.solana.rpcUrl, { jsonrpc: '2.0', id: 7, method: 'getNothing', params: [] })
    expect(json).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } })

    const typed = rpc as unknown as { getNothing(): { send(): Promise<unknown> } }
    const error = await typed
      .getNothing()
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)).toBe(true)
  })
})

describe('startDevnet lifecycle', () => {
  it('frees both ports and ends the anvil process on stop()', async () => {
    const devnet = await startDevnet()
    const evmPort = Number(new URL(devnet.evm.rpcUrl).port)
    const solanaPort = Number(new URL(devnet.solana.rpcUrl).port)
    const apiPort = Number(new URL(devnet.api.url).port)
    const wcPort = Number(new URL(devnet.walletConnect.relayUrl).port)
    const bundlerPort = Number(new URL(devnet.aa.bundlerUrl).port)
    const paymasterPort = Number(new URL(devnet.aa.paymasterUrl).port)
    expect(anvilProcessesOnPort(evmPort)).toHaveLength(1)
    await expect(canBind(bundlerPort)).resolves.toBe(false)
    await expect(canBind(paymasterPort)).resolves.toBe(false)
    await expect(canBind(apiPort)).resolves.toBe(false)
    await expect(canBind(wcPort)).resolves.toBe(false)
    // The relay restarts on the same port.
    await devnet.walletConnect.restartRelay()
    expect((await fetch(`${devnet.walletConnect.verifyUrl}/health`)).status).toBe(200)

    await devnet.stop()

    expect(anvilProcessesOnPort(evmPort)).toEqual([])
    await expect(canBind(evmPort)).resolves.toBe(true)
    await expect(canBind(solanaPort)).resolves.toBe(true)
    await expect(canBind(apiPort)).resolves.toBe(true)
    await expect(canBind(wcPort)).resolves.toBe(true)
    await expect(canBind(bundlerPort)).resolves.toBe(true)
    await expect(canBind(paymasterPort)).resolves.toBe(true)
    await devnet.stop() // idempotent
  })

  it('binds the requested ports', async () => {
    const [evmPort, solanaPort, apiPort, wcPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ]
    const devnet = await startDevnet({
      host: 'localhost',
      evm: { port: evmPort },
      solana: { port: solanaPort },
      api: { port: apiPort },
      walletConnect: { port: wcPort },
    })
    try {
      expect(devnet.walletConnect.relayUrl).toBe(`ws://127.0.0.1:${wcPort}`)
      expect(devnet.walletConnect.verifyUrl).toBe(`http://127.0.0.1:${wcPort}`)
      expect(devnet.evm.rpcUrl).toBe(`http://127.0.0.1:${evmPort}`)
      expect(devnet.solana.rpcUrl).toBe(`http://127.0.0.1:${solanaPort}`)
      expect(devnet.api.url).toBe(`http://127.0.0.1:${apiPort}`)
      const response = await fetch(`${devnet.api.url}/v1/supported-chains?projectId=p&st=s&sv=v`)
      expect(await response.json()).toEqual({ http: ['eip155:31337', devnet.solana.caipNetworkId], ws: [] })
    } finally {
      await devnet.stop()
    }
  })

  it('skips the API emulator with api: false, the relay with walletConnect: false, the bundler and paymaster with aa: false', async () => {
    const devnet = await startDevnet({ api: false, walletConnect: false, aa: false })
    try {
      expect(devnet.api).toBeUndefined()
      expect(devnet.walletConnect).toBeUndefined()
      expect(devnet.aa).toBeUndefined()
      expect(devnet.evm.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await devnet.stop()
    }
  })

  it('rejects hosts that are not loopback', async () => {
    await expect(startDevnet({ host: '0.0.0.0' })).rejects.toThrow(/loopback/)
    await expect(startDevnet({ host: '192.168.1.10' })).rejects.toThrow(/loopback/)
    await expect(startDevnet({ host: 'example.com' })).rejects.toThrow(/loopback/)
  })

  it('stops the chain that started when the other fails', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as net.AddressInfo).port
    const evmPort = await freePort()
    try {
      await expect(startDevnet({ evm: { port: evmPort }, solana: { port: taken } })).rejects.toThrow(/EADDRINUSE/)
      expect(anvilProcessesOnPort(evmPort)).toEqual([])
      await expect(canBind(evmPort)).resolves.toBe(true)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('stops both chains when the bundler cannot bind its port', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as net.AddressInfo).port
    const [evmPort, paymasterPort] = [await freePort(), await freePort()]
    try {
      await expect(
        startDevnet({ evm: { port: evmPort }, aa: { bundlerPort: taken, paymasterPort }, walletConnect: false }),
      ).rejects.toThrow(/EADDRINUSE/)
      expect(anvilProcessesOnPort(evmPort)).toEqual([])
      await expect(canBind(evmPort)).resolves.toBe(true)
      await expect(canBind(paymasterPort)).resolves.toBe(true)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('stops both chains when the API emulator cannot start', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as net.AddressInfo).port
    const [evmPort, solanaPort] = [await freePort(), await freePort()]
    try {
      await expect(
        startDevnet({ evm: { port: evmPort }, solana: { port: solanaPort }, api: { port: taken } }),
      ).rejects.toThrow(/EADDRINUSE/)
      expect(anvilProcessesOnPort(evmPort)).toEqual([])
      await expect(canBind(evmPort)).resolves.toBe(true)
      await expect(canBind(solanaPort)).resolves.toBe(true)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})
