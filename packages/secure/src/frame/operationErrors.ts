import { BaseError, decodeErrorResult, type Hex } from 'viem'
import { OperationRevertedError, RpcError } from './rpcError.js'

// What the smart account's path answers when the bundler or the paymaster does not go along: a
// paymaster's refusal (the user can still pay), a call that reverts (its decoded reason), a bundler
// that does not answer or refuses, always a typed RpcError and never a raw transport error.

/** JSON-RPC code of the paymaster's refusal (EIP-1474 "transaction rejected"), as ERC-7677 services use it. */
const refusedCode = -32003

export function isRefusal(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const refused = error.walk((e) => (e as { code?: number }).code === refusedCode) as {
    details?: string
    shortMessage?: string
    message?: string
  } | null
  if (refused) return refused.details || refused.shortMessage || refused.message
  // A paymaster service that cannot be reached refuses too: the user can still pay.
  const paymasterFailed = error.walk((e) =>
    /pm_getPaymaster(Stub)?Data/.test(
      (e as { body?: unknown }).body ? JSON.stringify((e as { body: unknown }).body) : '',
    ),
  )
  return paymasterFailed ? (error as BaseError).shortMessage : undefined
}

/**
 * Token errors of ERC-6093 (what OpenZeppelin's ERC20 reverts with), decoded by name; Solidity's
 * `Error(string)` and `Panic(uint256)` viem decodes without being told.
 */
const knownErrors = [
  ['ERC20InsufficientBalance', ['address', 'uint256', 'uint256']],
  ['ERC20InvalidSender', ['address']],
  ['ERC20InvalidReceiver', ['address']],
  ['ERC20InsufficientAllowance', ['address', 'uint256', 'uint256']],
  ['ERC20InvalidApprover', ['address']],
  ['ERC20InvalidSpender', ['address']],
].map(([name, inputs]) => ({
  type: 'error' as const,
  name: name as string,
  inputs: (inputs as string[]).map((type) => ({ type })),
}))

/**
 * The words of a revert: the reason string of `Error(string)`, `Panic(0x11)` for a panic, a token
 * error with its arguments; undefined when the data is empty or names an error not known here
 * (the raw data still goes to the kit).
 *
 * @example
 * revertReason('0x08c379a0…') // 'UniswapV2Router: EXPIRED'
 */
export function revertReason(data: Hex): string | undefined {
  if (data === '0x') return undefined
  try {
    const { errorName, args } = decodeErrorResult({ abi: knownErrors, data })
    if (errorName === 'Error') return String(args?.[0])
    if (errorName === 'Panic') return `Panic(0x${BigInt((args?.[0] as bigint | undefined) ?? 0n).toString(16)})`
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return undefined
  }
}

/** The typed error of a reverted operation, from its revert data (cut to what the protocol carries). */
export function revertedError(
  revertData: Hex,
  hashes: { userOpHash?: Hex | undefined; transactionHash?: Hex | undefined } = {},
): OperationRevertedError {
  const reason = revertReason(revertData)
  return new OperationRevertedError({
    revertData: revertData.slice(0, 2048) as Hex,
    ...(reason ? { reason: reason.slice(0, 512) } : {}),
    ...(hashes.userOpHash ? { userOpHash: hashes.userOpHash } : {}),
    ...(hashes.transactionHash ? { transactionHash: hashes.transactionHash } : {}),
  })
}

/**
 * The revert data of a call that reverted while the bundler simulated the operation (estimating its
 * gas): viem's account-abstraction `ExecutionRevertedError` (ERC-7769's -32521) carries it as
 * `data.revertData`; Alto also writes it in its message ('…reverted during simulation with reason: 0x…').
 */
function simulatedRevert(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk(
    (e) => (e as { code?: number }).code === -32521 || (e as { name?: string }).name === 'ExecutionRevertedError',
  ) as { data?: { revertData?: unknown }; details?: string; message?: string } | null
  if (!reverted) return undefined
  const data = reverted.data?.revertData
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data)) return data as Hex
  const text = `${reverted.details ?? ''}\n${reverted.message ?? ''}\n${error.details ?? ''}`
  return /reverted[^\n]*?reason: (0x[0-9a-fA-F]*)/.exec(text)?.[1] as Hex | undefined
}

/**
 * The bundler a message names: its origin only, since the URL's path or query may hold an API key
 * (the whole URL when it does not parse).
 *
 * @example
 * bundlerOrigin('https://bundler.example/v1?apikey=k') // 'https://bundler.example'
 */
export function bundlerOrigin(bundlerUrl: string): string {
  try {
    return new URL(bundlerUrl).origin
  } catch {
    return bundlerUrl
  }
}

/**
 * The typed errors of the smart-account path: a call that reverts (its reason), a bundler that does
 * not answer, a bundler that refuses the operation (its reason), never a raw transport error.
 */
export function bundlerError(error: unknown, bundlerUrl: string): RpcError {
  if (error instanceof RpcError) return error
  const base = error instanceof BaseError ? error : undefined
  const http = base?.walk((e) => (e as { name?: string }).name === 'HttpRequestError') as
    | { url?: string; status?: number; details?: string }
    | null
    | undefined
  const origin = bundlerOrigin(bundlerUrl)
  // A request the bundler never answered (viem's timeout, 10 s) is not a refusal: it may come back.
  if (base?.walk((e) => (e as { name?: string }).name === 'TimeoutError'))
    return new RpcError(`The bundler did not answer (${origin}): timed out`, -32603)
  const reverted = simulatedRevert(error)
  if (reverted !== undefined) return revertedError(reverted)
  // A reply that is not JSON (a cut reply, a proxy's error page): the bundler answered, unreadably.
  if (http?.url && base?.walk((e) => e instanceof SyntaxError))
    return new RpcError(`The bundler's reply could not be read (${origin})`, -32603)
  if (http?.url && !http.status)
    return new RpcError(`The bundler did not answer (${origin}): ${http.details ?? 'unreachable'}`, -32603)
  if (http?.status) return new RpcError(`The bundler did not answer (${origin}): HTTP ${http.status}`, -32603)
  const text = base?.details || base?.shortMessage || (error instanceof Error ? error.message : String(error))
  if (/AA21|didn't pay prefund|insufficient funds/i.test(text))
    return new RpcError(`The smart account cannot pay the gas: ${text}`, -32000)
  return new RpcError(`The bundler refused the operation: ${text}`, -32000)
}
