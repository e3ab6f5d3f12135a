// The Solana balance reader on the shared devnet's Solana RPC (litesvm): SOL and the network's
// configured SPL tokens of a fresh owner, with mints of both token programs made here, so the values
// are known whatever other files do with the devnet. Balances through the adapter and the
// `getBalance` action (the devnet's own USDC, a connected wallet) are in solanaAdapter.test.ts; the
// RPC client's retries and timeouts in rpc/solanaClient.test.ts.
import {
  type Address,
  createDefaultRpcTransport,
  createSolanaRpc,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  type RpcTransport,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  getInitializeAccount3Instruction,
  getMintToInstruction,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { expect, inject, test } from 'vitest'
import { offlinePortico } from '../../../test/fixtures.js'
import { createSolanaMint, mintToOwner, submitSolana, token2022ProgramAddress } from '../../../test/solana.js'
import { solanaNetwork } from '../../networks.js'
import type { NetworkToken } from '../../types.js'
import { readSolanaBalances } from './readSolanaBalances.js'

const devnet = inject('devnet')
const rpc = createSolanaRpc(devnet.solanaRpcUrl)

/** A funded payer that makes mints and token accounts for others. */
async function payer() {
  const signer = await generateKeyPairSigner()
  await rpc.requestAirdrop(signer.address, lamports(10_000_000_000n)).send()
  return signer
}

/**
 * Mints `amount` to a new token account of `owner` that is not its associated one (a plain 165-byte
 * account): an owner's balance of a mint is the sum over all its accounts of that mint.
 */
async function mintToAccount(
  payer: KeyPairSigner,
  mint: Address,
  tokenProgram: Address,
  owner: Address,
  amount: bigint,
) {
  const account = await generateKeyPairSigner()
  const space = BigInt(getTokenSize())
  await submitSolana(rpc, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      lamports: await rpc.getMinimumBalanceForRentExemption(space).send(),
      space,
      programAddress: tokenProgram,
    }),
    getInitializeAccount3Instruction({ account: account.address, mint, owner }, { programAddress: tokenProgram }),
    getMintToInstruction(
      { mint, token: account.address, mintAuthority: payer, amount },
      { programAddress: tokenProgram },
    ),
  ])
}

/** A Portico on the devnet cluster with `tokens`, its RPC through a transport that records each method. */
function setup(tokens?: readonly NetworkToken[]) {
  const network = solanaNetwork({
    genesisHash: devnet.solanaGenesisHash,
    name: 'Solana Devnet',
    rpcUrl: devnet.solanaRpcUrl,
    imageUrl: 'http://127.0.0.1/solana.svg',
    tokens,
  })
  const http = createDefaultRpcTransport({ url: devnet.solanaRpcUrl })
  const methods: string[] = []
  const transport = ((request: Parameters<RpcTransport>[0]) => {
    methods.push((request.payload as { method: string }).method)
    return http(request)
  }) as RpcTransport
  const portico = offlinePortico('p', {
    networks: [network],
    rpcPing: false,
    transports: { [network.caipNetworkId]: transport as never },
  })
  return { portico, network, methods }
}

test('behavior: SOL first, then each configured token in order, summed over its token accounts of both token programs', async () => {
  const funder = await payer()
  const owner = (await generateKeyPairSigner()).address
  await rpc.requestAirdrop(owner, lamports(2_500_000_000n)).send()
  const classic = await createSolanaMint(rpc, funder, TOKEN_PROGRAM_ADDRESS, 6)
  const extended = await createSolanaMint(rpc, funder, token2022ProgramAddress, 2)
  await mintToOwner(rpc, funder, {
    mint: classic,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    owner: owner,
    amount: 1_500_000n,
  })
  await mintToAccount(funder, classic, TOKEN_PROGRAM_ADDRESS, owner, 250_000n)
  // Token-2022's associated account carries the immutable-owner extension (170 bytes, not 165).
  await mintToOwner(rpc, funder, { mint: extended, tokenProgram: token2022ProgramAddress, owner, amount: 12_000n })
  await mintToAccount(funder, extended, token2022ProgramAddress, owner, 345n)
  const { portico, network } = setup([
    { address: extended, symbol: 'EXT', name: 'Extended', iconUrl: 'http://127.0.0.1/ext.svg' },
    { address: classic, symbol: 'CLS', name: 'Classic' },
  ])
  expect(await readSolanaBalances({ address: owner, network, portico })).toEqual([
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: network.caipNetworkId,
      quantity: { decimals: '9', numeric: '2.5' },
      iconUrl: 'http://127.0.0.1/solana.svg',
    },
    {
      name: 'Extended',
      symbol: 'EXT',
      chainId: network.caipNetworkId,
      address: extended,
      quantity: { decimals: '2', numeric: '123.45' },
      iconUrl: 'http://127.0.0.1/ext.svg',
    },
    {
      name: 'Classic',
      symbol: 'CLS',
      chainId: network.caipNetworkId,
      address: classic,
      quantity: { decimals: '6', numeric: '1.75' },
      iconUrl: undefined,
    },
  ])
})

test('edge: a configured token the owner holds none of is zero, in the configured decimals, else 0; missing names fall back to the symbol, then the mint', async () => {
  const funder = await payer()
  const owner = (await generateKeyPairSigner()).address
  const unheld = await createSolanaMint(rpc, funder, TOKEN_PROGRAM_ADDRESS, 6)
  const other = await createSolanaMint(rpc, funder, TOKEN_PROGRAM_ADDRESS, 9)
  const { portico, network } = setup([{ address: unheld, symbol: 'SIX', decimals: 6 }, { address: other }])
  const [sol, ...tokens] = await readSolanaBalances({ address: owner, network, portico })
  expect(sol?.quantity).toEqual({ decimals: '9', numeric: '0' })
  expect(tokens).toMatchObject([
    { name: 'SIX', symbol: 'SIX', address: unheld, quantity: { decimals: '6', numeric: '0' } },
    { name: other, symbol: '', address: other, quantity: { decimals: '0', numeric: '0' } },
  ])
})

test('default: a network without tokens reads only the SOL balance, asking nothing of the token programs', async () => {
  const owner = (await generateKeyPairSigner()).address
  await rpc.requestAirdrop(owner, lamports(1_000_000_123n)).send()
  for (const tokens of [undefined, []]) {
    const { portico, network, methods } = setup(tokens)
    expect(await readSolanaBalances({ address: owner, network, portico })).toEqual([
      expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '1.000000123' } }),
    ])
    expect(methods).toEqual(['getBalance'])
  }
  const { portico, network, methods } = setup([{ address: TOKEN_PROGRAM_ADDRESS }])
  await readSolanaBalances({ address: owner, network, portico })
  expect(methods.sort()).toEqual(['getBalance', 'getTokenAccountsByOwner', 'getTokenAccountsByOwner'])
})

test('error: an address that is not a Solana address is refused before the cluster is asked', async () => {
  const { portico, network, methods } = setup()
  await expect(
    readSolanaBalances({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', network, portico }),
  ).rejects.toMatchObject({ name: 'SolanaError', message: expect.stringContaining('for base 58') })
  expect(methods).toEqual([])
})
