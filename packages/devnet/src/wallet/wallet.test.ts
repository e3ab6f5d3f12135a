import { base58, base64 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { createPublicClient, type Hex, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  bip122Accounts,
  bip122CaipNetworkId,
  cosmosAccounts,
  cosmosCaipNetworkId,
  evmAccounts,
  polkadotAccounts,
  polkadotCaipNetworkId,
  solanaAccounts,
  solanaCaipNetworkId,
} from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { type SolanaRpcServer, startSolanaRpc } from '../solana/server.js'
import { createDevnetRpc } from '../test-utils.js'
import { startRelay, type WalletConnectRelay } from '../walletconnect/relay.js'
import { verifyDevnetSignature } from './verify.js'
import { createDevnetWallet, createMemoryStorage, type DevnetWallet } from './wallet.js'

const evmChain = 'eip155:31337'
const allNamespaces = {
  eip155: {
    chains: [evmChain],
    methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    chains: [solanaCaipNetworkId],
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    events: [],
  },
  polkadot: {
    chains: [polkadotCaipNetworkId],
    methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
    events: [],
  },
  bip122: {
    chains: [bip122CaipNetworkId],
    methods: ['signMessage', 'getAccountAddresses', 'sendTransfer'],
    events: ['bip122_addressesChanged'],
  },
  cosmos: {
    chains: [cosmosCaipNetworkId],
    methods: ['cosmos_getAccounts', 'cosmos_signAmino', 'cosmos_signDirect'],
    events: [],
  },
}

const typedData = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Greeting: [{ name: 'text', type: 'string' }],
  },
  primaryType: 'Greeting',
  domain: { name: 'Portico' },
  message: { text: 'hello typed data' },
}

let relay: WalletConnectRelay
let anvil: AnvilInstance
let solana: SolanaRpcServer
let counter = 0
const open: { close(): Promise<void> }[] = []
/** Every fetch the SDKs attempt off loopback (the setup file blocks them; this makes them fail the test). */
const offLoopback: string[] = []
const realFetch = globalThis.fetch

beforeAll(async () => {
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.hostname !== '127.0.0.1') offLoopback.push(url.href)
    return realFetch(input, init)
  }
  ;[relay, anvil, solana] = await Promise.all([startRelay(), startAnvil(), startSolanaRpc()])
})

afterAll(async () => {
  globalThis.fetch = realFetch
  await Promise.all([relay?.stop(), anvil?.stop(), solana?.stop()])
})

afterEach(async () => {
  for (const client of open.splice(0).reverse()) await client.close()
  expect(offLoopback).toEqual([])
})

async function createDapp() {
  const dapp = await SignClient.init({
    projectId: 'portico-devnet',
    relayUrl: relay.url,
    customStoragePrefix: `dapp-${++counter}`,
    storage: createMemoryStorage(),
    telemetryEnabled: false,
    metadata: { name: 'Portico wallet test dapp', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
  })
  open.push({
    close: async () => {
      dapp.core.heartbeat.stop()
      await dapp.core.relayer.transportClose()
    },
  })
  return dapp
}

async function createWallet(options: Partial<Parameters<typeof createDevnetWallet>[0]> = {}) {
  const wallet = await createDevnetWallet({
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    storagePrefix: `wallet-${++counter}`,
    evmRpcUrl: anvil.rpcUrl,
    solanaRpcUrl: solana.rpcUrl,
    ...options,
  })
  open.push(wallet)
  return wallet
}

async function connect(wallet: DevnetWallet, namespaces: ProposalTypes.OptionalNamespaces = allNamespaces) {
  const dapp = await createDapp()
  const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
  await wallet.pair(uri!)
  const session: SessionTypes.Struct = await approval()
  return { dapp, session }
}

describe('devnet wallet over the local relay', () => {
  it('approves all five namespaces and signs on each; signatures verify', async () => {
    const wallet = await createWallet()
    const { dapp, session } = await connect(wallet)
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot', 'solana'])
    expect(session.namespaces.eip155?.accounts).toEqual([`${evmChain}:${evmAccounts[0].address}`])
    expect(session.namespaces.solana?.accounts).toEqual([`${solanaCaipNetworkId}:${solanaAccounts[0].address}`])
    expect(session.namespaces.polkadot?.accounts).toEqual([`${polkadotCaipNetworkId}:${polkadotAccounts[0].address}`])
    expect(session.namespaces.bip122?.accounts).toEqual([`${bip122CaipNetworkId}:${bip122Accounts[0].address}`])
    expect(session.namespaces.cosmos?.accounts).toEqual([`${cosmosCaipNetworkId}:${cosmosAccounts[0].address}`])
    const request = <T>(chainId: string, method: string, params: unknown) =>
      dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

    const evmAddress = evmAccounts[0].address
    const personal = await request<string>(evmChain, 'personal_sign', ['0x68656c6c6f', evmAddress])
    expect(
      await verifyDevnetSignature({
        namespace: 'eip155',
        address: evmAddress,
        message: '0x68656c6c6f',
        signature: personal,
      }),
    ).toBe(true)
    const typedJson = JSON.stringify(typedData)
    const typed = await request<string>(evmChain, 'eth_signTypedData_v4', [evmAddress, typedJson])
    expect(
      await verifyDevnetSignature({ namespace: 'eip155', address: evmAddress, typedData: typedJson, signature: typed }),
    ).toBe(true)

    const solMessage = base58.encode(new TextEncoder().encode('hello solana'))
    const sol = await request<{ signature: string }>(solanaCaipNetworkId, 'solana_signMessage', {
      message: solMessage,
      pubkey: solanaAccounts[0].address,
    })
    expect(
      await verifyDevnetSignature({
        namespace: 'solana',
        address: solanaAccounts[0].address,
        message: solMessage,
        signature: sol.signature,
      }),
    ).toBe(true)

    const dot = await request<{ signature: string }>(polkadotCaipNetworkId, 'polkadot_signMessage', {
      address: polkadotAccounts[0].address,
      message: 'hello polkadot',
    })
    expect(
      await verifyDevnetSignature({
        namespace: 'polkadot',
        address: polkadotAccounts[0].address,
        message: 'hello polkadot',
        signature: dot.signature,
      }),
    ).toBe(true)

    const btc = await request<{ address: string; signature: string }>(bip122CaipNetworkId, 'signMessage', {
      account: bip122Accounts[0].address,
      address: bip122Accounts[0].address,
      message: 'hello bitcoin',
    })
    expect(btc.address).toBe(bip122Accounts[0].address)
    expect(
      await verifyDevnetSignature({
        namespace: 'bip122',
        address: btc.address,
        message: 'hello bitcoin',
        signature: btc.signature,
      }),
    ).toBe(true)
    await expect(
      request(bip122CaipNetworkId, 'sendTransfer', {
        account: btc.address,
        recipientAddress: btc.address,
        amount: '1',
      }),
    ).rejects.toMatchObject({
      code: 5101,
      message: expect.stringContaining('not available on the Portico devnet'),
    })

    const signDoc = {
      chain_id: 'portico-devnet-1',
      account_number: '1',
      sequence: '0',
      fee: { gas: '1', amount: [] },
      msgs: [],
      memo: 'hello cosmos',
    }
    const atom = await request<{
      signed: unknown
      signature: { pub_key: { type: string; value: string }; signature: string }
    }>(cosmosCaipNetworkId, 'cosmos_signAmino', { signerAddress: cosmosAccounts[0].address, signDoc })
    expect(atom.signed).toEqual(signDoc)
    expect(
      await verifyDevnetSignature({
        namespace: 'cosmos',
        mode: 'amino',
        address: cosmosAccounts[0].address,
        signDoc,
        signature: atom.signature,
      }),
    ).toBe(true)
    const direct = {
      chainId: 'portico-devnet-1',
      accountNumber: '1',
      authInfoBytes: base64.encode(new Uint8Array([1])),
      bodyBytes: base64.encode(new Uint8Array([2])),
    }
    const atomDirect = await request<{ signature: { pub_key: { type: string; value: string }; signature: string } }>(
      cosmosCaipNetworkId,
      'cosmos_signDirect',
      { signerAddress: cosmosAccounts[0].address, signDoc: direct },
    )
    expect(
      await verifyDevnetSignature({
        namespace: 'cosmos',
        mode: 'direct',
        address: cosmosAccounts[0].address,
        signDoc: direct,
        signature: atomDirect.signature,
      }),
    ).toBe(true)
  })

  it('eth_sendTransaction lands on anvil; solana_signAndSendTransaction lands on the Solana RPC', async () => {
    const wallet = await createWallet({ accountIndex: 2 })
    const { dapp, session } = await connect(wallet)
    const from = evmAccounts[2].address
    const hash = await dapp.request<Hex>({
      topic: session.topic,
      chainId: evmChain,
      request: { method: 'eth_sendTransaction', params: [{ from, to: evmAccounts[3].address, value: '0x1' }] },
    })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 10 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())

    const rpc = createDevnetRpc(solana.rpcUrl)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const payer = createNoopSigner(address(solanaAccounts[2].address))
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: payer,
              destination: address(solanaAccounts[3].address),
              amount: 1000n,
            }),
          ],
          m,
        ),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    const { signature } = await dapp.request<{ signature: string }>({
      topic: session.topic,
      chainId: solanaCaipNetworkId,
      request: { method: 'solana_signAndSendTransaction', params: { transaction } },
    })
    const { value } = await rpc
      .getSignatureStatuses([signature as Parameters<typeof rpc.getSignatureStatuses>[0][0]])
      .send()
    expect(value[0]?.err).toBeNull()
  })

  it('manual mode: the caller sees the proposal and request, and a rejection reaches the dapp', async () => {
    const wallet = await createWallet({ autoApprove: { proposals: 'manual', requests: 'manual' } })
    const dapp = await createDapp()
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: allNamespaces.eip155 } })
    await wallet.pair(uri!)
    const proposal = await wallet.nextProposal()
    expect(proposal.proposer.name).toBe('Portico wallet test dapp')
    expect(proposal.verifyContext.verified.origin).toBe('http://127.0.0.1:5173')
    expect(Object.keys(proposal.approvedNamespaces())).toEqual(['eip155'])
    await proposal.approve()
    const session = await approval()

    const rejected = dapp.request({
      topic: session.topic,
      chainId: evmChain,
      request: { method: 'personal_sign', params: ['0x00', evmAccounts[0].address] },
    })
    const request = await wallet.nextRequest()
    expect(request).toMatchObject({
      method: 'personal_sign',
      chainId: evmChain,
      params: ['0x00', evmAccounts[0].address],
    })
    expect(await request.reject()).toMatchObject({ error: { code: getSdkError('USER_REJECTED').code } })
    await expect(rejected).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code })
  })

  it('permission grants: granted after a prompt, a send within it answered with no prompt (on anvil), over it prompted, revoked with no prompt, insisted on after: 4100', async () => {
    const wallet = await createWallet({ accountIndex: 4, autoApprove: { requests: 'manual' } })
    const methods = ['wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_getGrantedExecutionPermissions']
    const { dapp, session } = await connect(wallet, {
      eip155: { ...allNamespaces.eip155, methods: [...allNamespaces.eip155.methods, 'wallet_sendCalls', ...methods] },
    })
    expect(session.namespaces.eip155?.methods).toEqual(expect.arrayContaining(methods))
    const ask = <T>(method: string, params: unknown) =>
      dapp.request<T>({ topic: session.topic, chainId: evmChain, request: { method, params } })
    const from = evmAccounts[4].address
    const to = evmAccounts[3].address
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const sendCalls = (context: string, value: number, optional?: boolean) =>
      ask<{ id: string }>('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from,
          atomicRequired: false,
          calls: [{ to, value: `0x${value.toString(16)}` }],
          capabilities: { permissions: { context, ...(optional === undefined ? {} : { optional }) } },
        },
      ])

    const granting = ask<{ permissionsContext: string }>('wallet_grantPermissions', [
      {
        chainId: '0x7a69',
        expiry: Math.floor(Date.now() / 1000) + 3600,
        permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } }],
      },
    ])
    const prompt = await wallet.nextRequest()
    expect(prompt.method).toBe('wallet_grantPermissions')
    await prompt.approve()
    const context = (await granting).permissionsContext
    expect(context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await ask('wallet_getGrantedExecutionPermissions', [])).toEqual([
      expect.objectContaining({ permissionsContext: context }),
    ])

    // Within it: answered with no request for the user (manual mode would hold one).
    const before = await client.getBalance({ address: to })
    await sendCalls(context, 600)
    expect(await client.getBalance({ address: to })).toBe(before + 600n)

    // Over it: the user is asked; a rejection reaches the dapp and nothing is sent.
    const over = sendCalls(context, 600)
    const asked = await wallet.nextRequest()
    expect(asked.method).toBe('wallet_sendCalls')
    await asked.reject()
    await expect(over).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code })
    expect(await client.getBalance({ address: to })).toBe(before + 600n)

    // Revoked with no prompt; then a send insisting on it is refused (4100) without asking.
    expect(await ask('wallet_revokePermissions', [{ permissionsContext: context }])).toEqual({})
    expect(await ask('wallet_getGrantedExecutionPermissions', [])).toEqual([])
    await expect(sendCalls(context, 1, false)).rejects.toMatchObject({ code: 4100 })
  })

  it('wallet_switchEthereumChain: known chain → null and chainChanged; unknown → 4902', async () => {
    const wallet = await createWallet({ evmChainIds: [31337, 1] })
    const { dapp, session } = await connect(wallet, { eip155: allNamespaces.eip155 })
    const changed = new Promise<{ params: { event: { name: string; data: unknown }; chainId: string } }>((resolve) =>
      dapp.on('session_event', resolve),
    )
    const result = await dapp.request({
      topic: session.topic,
      chainId: evmChain,
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
    })
    expect(result).toBeNull()
    expect((await changed).params).toMatchObject({ event: { name: 'chainChanged', data: 1 }, chainId: 'eip155:1' })
    expect(dapp.session.get(session.topic).namespaces.eip155?.chains).toContain('eip155:1')
    await expect(
      dapp.request({
        topic: session.topic,
        chainId: evmChain,
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] },
      }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('a proposal the wallet cannot satisfy is rejected, and disconnect reaches the dapp', async () => {
    const wallet = await createWallet()
    const dapp = await createDapp()
    const { uri, approval } = await dapp.connect({
      requiredNamespaces: { eip155: { chains: ['eip155:137'], methods: ['personal_sign'], events: [] } },
    })
    const approved = approval()
    await wallet.pair(uri!)
    await expect(approved).rejects.toMatchObject({ code: getSdkError('UNSUPPORTED_CHAINS').code })

    const { dapp: other, session } = await connect(wallet)
    const deleted = new Promise<{ topic: string }>((resolve) => other.once('session_delete', resolve))
    await wallet.disconnect()
    expect((await deleted).topic).toBe(session.topic)
    expect(wallet.sessions()).toEqual([])
  })

  it('offline: the wallet closes its socket and hears nothing; back online, it answers what waited in the relay', async () => {
    const wallet = await createWallet()
    const { dapp, session } = await connect(wallet, { eip155: allNamespaces.eip155 })
    const heard: string[] = []
    wallet.subscribe((event) => {
      if (event.type === 'request') heard.push(event.request.method)
    })
    const connections = relay.stats().connections
    await wallet.goOffline()
    expect(wallet.online).toBe(false)
    await vi.waitFor(() => expect(relay.stats().connections).toBe(connections - 1), { timeout: 15_000 })

    const published = relay.stats().published
    const sent = new Promise<void>((resolve) => dapp.events.once('session_request_sent', () => resolve()))
    const answer = dapp.request<string>({
      topic: session.topic,
      chainId: evmChain,
      request: { method: 'personal_sign', params: ['0x6f66666c696e65', evmAccounts[0].address] },
    })
    await sent
    expect(relay.stats().published).toBe(published + 1) // kept in the mailbox for the wallet
    expect(heard).toEqual([])

    await wallet.goOnline()
    expect(wallet.online).toBe(true)
    const signature = await answer
    expect(heard).toEqual(['personal_sign'])
    expect(
      await verifyDevnetSignature({
        namespace: 'eip155',
        address: evmAccounts[0].address,
        message: '0x6f66666c696e65',
        signature,
      }),
    ).toBe(true)
  })
})
