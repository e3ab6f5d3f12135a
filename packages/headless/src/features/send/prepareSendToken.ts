import type { Address as SolanaAddress } from '@solana/kit'
import type { NotConnectedErrorType } from '../../kernel/errors/connection.js'
import type { AdapterNotFoundErrorType } from '../../kernel/errors/network.js'
import { InvalidAddressError, type InvalidAddressErrorType } from '../../kernel/errors/validation.js'
import type { Portico } from '../../kernel/portico.js'
import { type ActiveConnection, getActiveConnection } from '../../kernel/state/activeConnection.js'
import type { TokenBalance } from '../../kernel/types.js'
import { isEvmAddress, isSolanaAddress, toChecksumEvmAddress } from '../../kernel/utils/address.js'
import {
  InsufficientBalanceError,
  type InsufficientBalanceErrorType,
  type InsufficientFundsForFeeErrorType,
  type InvalidAmountErrorType,
  InvalidTokenError,
  type InvalidTokenErrorType,
  ReceiverIsTokenContractError,
  type ReceiverIsTokenContractErrorType,
  SendParametersRequiredError,
  type SendParametersRequiredErrorType,
  TokenNetworkMismatchError,
  type TokenNetworkMismatchErrorType,
  TokenRequiredError,
  type TokenRequiredErrorType,
  UnsupportedChainError,
  type UnsupportedChainErrorType,
} from './errors.js'
import { parseAmount } from './parseAmount.js'

/** What a send is given: the token (a balance entry from `getBalance`), a decimal amount and a receiver. */
export type SendTokenParameters = {
  /** The token to send, as `getBalance` lists it: the native currency when it has no `address`. */
  token: TokenBalance | undefined
  /** A plain decimal amount in whole tokens, e.g. `'1.5'` (no exponent, at most the token's decimals). */
  amount: string | undefined
  /** The receiver's address in the active namespace's format. */
  receiver: string | undefined
}

/** Everything a send can be refused with before the wallet is asked. */
export type SendTokenValidationErrorType =
  | SendParametersRequiredErrorType
  | TokenRequiredErrorType
  | UnsupportedChainErrorType
  | TokenNetworkMismatchErrorType
  | InvalidTokenErrorType
  | InvalidAddressErrorType
  | InvalidAmountErrorType
  | InsufficientBalanceErrorType
  | InsufficientFundsForFeeErrorType
  | ReceiverIsTokenContractErrorType
  | NotConnectedErrorType
  | AdapterNotFoundErrorType

/** @internal A validated send, ready to build for its namespace. */
export type PreparedSend =
  | {
      namespace: 'eip155'
      connection: ActiveConnection
      token: TokenBalance
      units: bigint
      receiver: `0x${string}`
      /** The ERC20 contract; absent for the native currency. */
      contract: `0x${string}` | undefined
    }
  | {
      namespace: 'solana'
      connection: ActiveConnection
      token: TokenBalance
      units: bigint
      decimals: number
      receiver: SolanaAddress
      mint: SolanaAddress | undefined
    }

/**
 * @internal
 * Validates a send against the active connection, in the order a person fixes a form: the spec's
 * required-field texts, the namespace ('Unsupported chain'), the token's network, the receiver's
 * format (EIP-55 checksum when mixed case; base58 for Solana), the amount (exact base units) and
 * the balance. Nothing here reaches the wallet.
 */
export function prepareSendToken(portico: Portico, parameters: SendTokenParameters): PreparedSend {
  const { token, amount, receiver } = parameters ?? ({} as Partial<SendTokenParameters>)
  if (isBlank(amount) || isBlank(receiver)) throw new SendParametersRequiredError()
  if (!token || typeof token !== 'object') throw new TokenRequiredError()
  const connection = getActiveConnection(portico)
  const { namespace } = connection
  if (namespace !== 'eip155' && namespace !== 'solana') throw new UnsupportedChainError({ namespace })
  if (token.chainId !== connection.account.caipNetworkId)
    throw new TokenNetworkMismatchError({ token: String(token.chainId), network: connection.account.caipNetworkId })
  const decimals = tokenDecimals(token)
  const to = receiver.trim()

  if (namespace === 'eip155') {
    if (!isEvmAddress(to)) throw new InvalidAddressError({ address: receiver, namespace })
    const checksummed = toChecksumEvmAddress(to)
    const contract = token.address === undefined ? undefined : evmTokenAddress(token.address)
    if (contract && contract.toLowerCase() === checksummed.toLowerCase()) throw new ReceiverIsTokenContractError()
    const units = parseAmount(amount, decimals)
    assertBalance(token, units, decimals)
    return { namespace, connection, token, units, receiver: checksummed, contract }
  }

  if (!isSolanaAddress(to)) throw new InvalidAddressError({ address: receiver, namespace })
  const mint = token.address === undefined ? undefined : solanaMint(token.address)
  if (mint && mint === to) throw new ReceiverIsTokenContractError()
  const units = parseAmount(amount, decimals)
  assertBalance(token, units, decimals)
  return { namespace, connection, token, units, decimals, receiver: to, mint }
}

function isBlank(value: unknown): value is undefined {
  return typeof value !== 'string' || value.trim() === ''
}

function tokenDecimals(token: TokenBalance): number {
  const decimals = Number(token.quantity?.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw new InvalidTokenError({ details: `Decimals ${JSON.stringify(token.quantity?.decimals)} are not 0-255.` })
  return decimals
}

function evmTokenAddress(address: string): `0x${string}` {
  // Token lists are not typed by people: a wrong checksum there is not a typo to catch.
  if (!isEvmAddress(address, { strict: false }))
    throw new InvalidTokenError({ details: `${address} is not an ERC20 contract address.` })
  return toChecksumEvmAddress(address.toLowerCase())
}

function solanaMint(address: string): SolanaAddress {
  if (!isSolanaAddress(address)) throw new InvalidTokenError({ details: `${address} is not an SPL mint address.` })
  return address
}

/**
 * The amount against the balance the caller holds. The check uses the token's own decimal string
 * (exact); a balance that does not parse (a hosted API's odd value) leaves the check to the chain.
 */
function assertBalance(token: TokenBalance, units: bigint, decimals: number) {
  const numeric = token.quantity?.numeric
  const match = typeof numeric === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(numeric.trim()) : null
  if (!match) return
  const [, integer = '0', fraction = ''] = match
  const balance = BigInt(`${integer}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
  if (units > balance) throw new InsufficientBalanceError({ symbol: token.symbol, balance: numeric as string })
}
