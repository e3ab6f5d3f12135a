import type { Hex } from 'viem'
import { frameTexts } from '../protocol/texts.js'
import { forward } from './chainRpc.js'
import { readGrants } from './grants.js'
import { nowOf, type RpcContext } from './rpcContext.js'
import { RpcError } from './rpcError.js'

// The wallet methods the frame answers itself, without the user and without a key (the policy's
// `local` list): the account, the chain, its capabilities, the status of the calls it sent, the
// grants this origin holds and the native balance.

/** Permission types this frame grants and enforces (advertised in wallet_getCapabilities). */
export const permissionTypes = [
  'native-token-recurring-allowance',
  'erc20-token-recurring-allowance',
  'contract-call',
] as const

/** A batch the frame sent (EIP-5792): its transactions' hashes, or its user operation's. */
export type CallsRecord =
  | { chainId: Hex; receipts: Hex[] }
  | { chainId: Hex; userOperation: Hex; bundlerUrl: string; rpcUrl: string | undefined }
const callsById = new Map<string, CallsRecord>()

/** Keeps a sent batch under its id, for `wallet_getCallsStatus`. */
export function rememberCalls(id: string, record: CallsRecord): void {
  callsById.set(id, record)
}

/** A request's positional parameters (none when they are not a list). */
export function list(params: unknown): unknown[] {
  return Array.isArray(params) ? params : []
}

/** Whether `a` is the address `b`, in any case. */
export function sameAddress(a: unknown, b: string) {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
}

/**
 * Answers one of the policy's local methods for the account the dapp sees (`evm`) on the frame's
 * chain (`chainHex`).
 */
export async function answerLocally(
  context: RpcContext,
  method: string,
  params: unknown,
  { evm, chainHex }: { evm: string; chainHex: Hex },
): Promise<unknown> {
  const smart = context.smartAccount
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [evm]
    case 'eth_chainId':
      return chainHex
    case 'wallet_getCapabilities':
      return {
        [chainHex]: {
          // A smart account runs a batch as one operation: all of it or none. An EOA that can be
          // upgraded in place is `ready`: the upgrade is asked for with the first atomic batch.
          atomic: { status: smart ? 'supported' : context.upgradable ? 'ready' : 'unsupported' },
          ...(smart ? { paymasterService: { supported: smart.endpoints.paymasterUrl !== undefined } } : {}),
          permissions: { supported: true, signerTypes: ['account'], permissionTypes: [...permissionTypes] },
        },
      }
    case 'wallet_getCallsStatus': {
      const id = list(params)[0]
      const calls = typeof id === 'string' ? callsById.get(id) : undefined
      if (!calls) throw new RpcError('Unknown bundle id', 5730)
      if ('userOperation' in calls) {
        // EIP-5792 from the bundler's receipt: 100 pending, 200 included, 500 reverted (nothing applied).
        const found = (await forward(calls.bundlerUrl, 'eth_getUserOperationReceipt', [calls.userOperation])) as {
          success?: boolean
          receipt?: unknown
        } | null
        const status = !found ? 100 : found.success ? 200 : 500
        return {
          version: '2.0.0',
          id,
          chainId: calls.chainId,
          atomic: true,
          status,
          ...(found?.receipt ? { receipts: [found.receipt] } : {}),
        }
      }
      const answers = await Promise.all(
        calls.receipts.map((hash) => forward(context.rpcUrl, 'eth_getTransactionReceipt', [hash])),
      )
      // A receipt is an object: the node's null (not mined yet), or anything else it says, is none.
      const receipts = answers.filter((r): r is { status?: unknown } => typeof r === 'object' && r !== null)
      // EIP-5792: 100 until every one is mined; then 200 without reverts, 500 all reverted, 600 some.
      const reverted = receipts.filter((r) => r.status !== '0x1').length
      const status =
        receipts.length < answers.length ? 100 : reverted === 0 ? 200 : reverted === receipts.length ? 500 : 600
      return { version: '2.0.0', id, chainId: calls.chainId, atomic: false, status, receipts }
    }
    case 'wallet_getGrantedExecutionPermissions': {
      // The draft's list of grants: only this origin's, for the account and chain it sees, still
      // running. Another site learns nothing of grants it was not given (as with revoking).
      const at = nowOf(context)
      const grants = await readGrants()
      return grants
        .filter(
          (g) =>
            g.origin === context.hostOrigin &&
            sameAddress(g.account, evm) &&
            g.chainId === context.chainId &&
            g.expiry > at,
        )
        .map((g) => ({
          chainId: `0x${g.chainId.toString(16)}`,
          address: g.account,
          expiry: g.expiry,
          permissions: g.permissions,
          permissionsContext: g.id,
          context: g.id,
        }))
    }
    case 'wallet_getAssets': {
      // EIP-7811, the native balance of the frame's current chain (token lists need an indexer).
      const request = (list(params)[0] ?? {}) as { account?: unknown; chainFilter?: unknown }
      if (!sameAddress(request.account, evm)) throw new RpcError('Invalid params', -32602)
      if (Array.isArray(request.chainFilter) && !request.chainFilter.includes(chainHex)) return {}
      const balance = await forward(context.rpcUrl, 'eth_getBalance', [evm, 'latest'])
      // The answer promises a quantity: a node's number, object or non-hex text is not passed on.
      if (typeof balance !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(balance))
        throw new RpcError('The node returned an invalid balance', -32603)
      return { [chainHex]: [{ address: '0x0', balance, type: 'native' }] }
    }
    default:
      // Every method the policy lists as local is answered above.
      throw new RpcError(frameTexts.notAllowed, 4200)
  }
}
