// @scure/base's codecs are a few hundred bytes; @solana/kit's pull its whole error catalogue.
import { base58, base64 } from '@scure/base'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { Connector, ConnectorConnection, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { walletFeature as feature, type StandardWalletEntry } from '../../utils/walletStandard.js'

/** The Wallet Standard chain (`solana:mainnet`, `solana:localnet`…) of a CAIP-2 network. */
export type WalletChainOf = (caipNetworkId: CaipNetworkId) => IdentifierString

/**
 * The spec's preflight commitments, and what each is sent to the wallet as: Wallet Standard wallets
 * take only the three current ones, so web3.js's deprecated names go as the commitment they stand for.
 */
const commitments = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
} as const

/**
 * @internal
 * The connector contract over a Wallet Standard wallet: `standard:connect` (silent for
 * reconnects), `solana:signMessage`, and requests in WalletConnect's Solana JSON-RPC format
 * (`solana_signMessage`, `solana_signTransaction`, `solana_signAllTransactions`,
 * `solana_signAndSendTransaction`, transactions base64, signatures base58) mapped onto the
 * wallet's features, so installed Solana wallets and WalletConnect ones take the same calls.
 */
export function createWalletStandardConnector(
  { wallet, name, icon }: StandardWalletEntry,
  walletChain: WalletChainOf,
): Connector {
  const connectWith = async (network: PorticoNetwork | undefined, silent: boolean): Promise<ConnectorConnection[]> => {
    const connect = feature<StandardConnectFeature>(wallet, 'standard:connect')
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    const chain = network ? walletChain(network.caipNetworkId) : undefined
    const addresses = addressesFor(accounts, chain)
    if (addresses.length === 0) return []
    return [{ namespace: 'solana', accounts: addresses, caipNetworkId: network?.caipNetworkId }]
  }
  const accountFor = (address: string): WalletAccount => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new TypeError(`The wallet does not expose ${address}`)
    return account
  }

  return {
    id: name,
    uid: `solana:${name}`,
    name,
    imageUrl: icon,
    chain: 'solana',
    type: 'ANNOUNCED',
    provider: wallet,

    connect: ({ networks }) => connectWith(networks.solana, false),
    reconnect: ({ networks }) => connectWith(networks.solana, true),

    async disconnect() {
      const disconnect = wallet.features['standard:disconnect'] as
        | StandardDisconnectFeature['standard:disconnect']
        | undefined
      await disconnect?.disconnect()
    },

    async switchNetwork() {
      // App-side: Solana wallets sign for whichever cluster the app sends to.
    },

    async signMessage({ address, message }) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      return base58.encode(await signMessageBytes(wallet, accountFor(address), bytes))
    },

    async request({ chainId, address, method, params }) {
      const account = accountFor(address)
      const chain = walletChain(chainId)
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'solana_signMessage': {
          const signature = await signMessageBytes(wallet, account, base58.decode(stringParam(input, 'message')))
          return { signature: base58.encode(signature) }
        }
        case 'solana_signTransaction': {
          const [signed = ''] = await signTransactions(
            wallet,
            account,
            chain,
            [stringParam(input, 'transaction')],
            input,
          )
          return { signature: firstSignature(signed), transaction: signed }
        }
        case 'solana_signAllTransactions': {
          const list = input.transactions
          if (!Array.isArray(list) || list.length === 0 || !list.every((t) => typeof t === 'string'))
            throw new TypeError('`transactions` must be a non-empty list of base64 transactions')
          return { transactions: await signTransactions(wallet, account, chain, list as string[], input) }
        }
        case 'solana_signAndSendTransaction': {
          const send = feature<SolanaSignAndSendTransactionFeature>(wallet, 'solana:signAndSendTransaction')
          const [output] = await send.signAndSendTransaction({
            account,
            chain,
            transaction: base64.decode(stringParam(input, 'transaction')),
            options: sendOptions(input),
          })
          if (!(output?.signature instanceof Uint8Array) || output.signature.length !== 64)
            throw new TypeError('The wallet returned a malformed signature')
          return { signature: base58.encode(output.signature) }
        }
        case 'solana_signIn': {
          // Sign In With Solana through the wallet's own `solana:signIn` (it builds the text);
          // a wallet without the feature gets the refusal below, and sign-in falls back to signMessage.
          if (!wallet.features['solana:signIn']) break
          const [output] = await feature<SolanaSignInFeature>(wallet, 'solana:signIn').signIn(input)
          return (
            output && {
              address: output.account.address,
              signedMessage: base58.encode(output.signedMessage),
              signature: base58.encode(output.signature),
            }
          )
        }
      }
      throw new RequestNotApprovedError({ method, chainId, reason: 'method' })
    },

    subscribe(_namespace, listener) {
      const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (properties.accounts) listener({ type: 'accountsChanged', accounts: addressesFor(properties.accounts) })
      })
    },
  }
}

async function signMessageBytes(wallet: Wallet, account: WalletAccount, message: Uint8Array): Promise<Uint8Array> {
  const [output] = await feature<SolanaSignMessageFeature>(wallet, 'solana:signMessage').signMessage({
    account,
    message,
  })
  if (!output || !(output.signature instanceof Uint8Array) || output.signature.length !== 64)
    throw new TypeError('The wallet returned a malformed signature')
  return output.signature
}

async function signTransactions(
  wallet: Wallet,
  account: WalletAccount,
  chain: IdentifierString,
  transactions: readonly string[],
  input: Record<string, unknown>,
): Promise<string[]> {
  const sign = feature<SolanaSignTransactionFeature>(wallet, 'solana:signTransaction')
  const options = sendOptions(input)
  const outputs = await sign.signTransaction(
    ...transactions.map((transaction) => ({
      account,
      chain,
      transaction: base64.decode(transaction),
      ...(options?.preflightCommitment ? { options: { preflightCommitment: options.preflightCommitment } } : {}),
    })),
  )
  if (outputs.length !== transactions.length)
    throw new TypeError('The wallet returned the wrong number of transactions')
  return outputs.map((output) => {
    if (!(output?.signedTransaction instanceof Uint8Array)) throw new TypeError('The wallet returned no transaction')
    return base64.encode(output.signedTransaction)
  })
}

/** The first signature of a serialised transaction (after its compact-u16 signature count). */
function firstSignature(transaction: string): string {
  const bytes = base64.decode(transaction)
  return base58.encode(bytes.slice(1, 65))
}

function stringParam(input: Record<string, unknown>, name: string): string {
  const value = input[name]
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`\`${name}\` must be a non-empty string`)
  return value
}

/** The spec's preflight commitments, checked: an unknown one is refused, not passed to the wallet. */
function sendOptions(input: Record<string, unknown>) {
  const options = (input.options ?? input.sendOptions) as Record<string, unknown> | undefined
  if (!options) return undefined
  const requested = options.preflightCommitment
  if (requested !== undefined && (typeof requested !== 'string' || !Object.hasOwn(commitments, requested)))
    throw new TypeError(`preflightCommitment must be one of ${Object.keys(commitments).join(', ')}`)
  const preflightCommitment = requested === undefined ? undefined : commitments[requested as keyof typeof commitments]
  const skipPreflight = options.skipPreflight
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    throw new TypeError('skipPreflight must be a boolean')
  return {
    ...(preflightCommitment ? { preflightCommitment } : {}),
    ...(skipPreflight !== undefined ? { skipPreflight } : {}),
  }
}

/**
 * Accounts for `chain`, falling back to all accounts: wallets often list only the public
 * clusters on their accounts although the same key signs anywhere.
 */
function addressesFor(accounts: readonly WalletAccount[], chain?: IdentifierString): string[] {
  const valid = accounts.filter(
    (a) => typeof a?.address === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a.address),
  )
  const onChain = chain ? valid.filter((a) => a.chains?.includes(chain)) : []
  return (onChain.length ? onChain : valid).map((a) => a.address)
}
