import {
  bytesToHex,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToString,
  http,
  isHex,
  type TransactionRequest,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { frameTexts } from '../protocol/texts.js'
import { rpcMethodKind } from '../walletPolicy.js'
import { type ApprovalRequest, requestApproval } from './approval.js'
import { forward } from './chainRpc.js'
import { grantSpending } from './grantSpending.js'
import { updateGrants } from './grants.js'
import { type Call, describeGrant, type Grant, GrantRequestError, parseGrantRequest } from './permissions.js'
import { nowOf, type RpcContext } from './rpcContext.js'
import { httpRpcUrl, RpcError } from './rpcError.js'
import { answerLocally, list, rememberCalls, sameAddress } from './rpcReads.js'
import {
  confirmOperation,
  delegatedAccountOf,
  messageSignerFor,
  prepareOperation,
  sendOperation,
  smartAccountOf,
} from './smartAccount.js'
import { handleSolanaRpc } from './solanaRpc.js'
import { assertUpgradeSupported, delegationRows, payerRows, upgradeTexts } from './upgrade.js'

function toTransaction(raw: unknown): TransactionRequest {
  const tx = (raw ?? {}) as Record<string, unknown>
  const big = (v: unknown) => (typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined)
  const out: Record<string, unknown> = {}
  if (typeof tx.to === 'string') out.to = tx.to
  if (typeof tx.data === 'string') out.data = tx.data
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = big(tx[key])
    if (value !== undefined) out[key] = value
  }
  if (typeof tx.nonce === 'string' && isHex(tx.nonce)) out.nonce = Number(hexToBigInt(tx.nonce))
  return out as TransactionRequest
}

function describeMessage(hex: string): string {
  if (!isHex(hex)) return hex
  try {
    const text = hexToString(hex as Hex)
    // Show text when it is text; raw bytes stay hex.
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

export type { RpcContext } from './rpcContext.js'

/**
 * Answers one RPC request. Safe methods go to the chain's RPC; unsafe ones ask the user in this
 * origin first; anything off the lists is refused with the spec's texts.
 */
export async function handleRpc(context: RpcContext, method: string, params: unknown): Promise<unknown> {
  const kind = rpcMethodKind(method)
  if (!kind) {
    console.error(frameTexts.notAllowedLog, method)
    throw new RpcError(frameTexts.notAllowed, 4200)
  }
  const smart = context.smartAccount
  // The account the dapp sees: the smart account while it is the preferred type, else the key's EOA.
  const evm = smart?.address ?? context.addresses.eip155
  const chainHex = `0x${typeof context.chainId === 'number' ? context.chainId.toString(16) : '0'}` as Hex
  if (kind === 'local') return answerLocally(context, method, params, { evm, chainHex })
  if (kind === 'safe') return forward(context.rpcUrl, method, params)

  const args = list(params)
  if (method === 'wallet_revokePermissions') {
    // No prompt: revoking only takes power away. Only the origin a grant was made to can revoke it,
    // so another site cannot even learn (or cancel) a context it was never given.
    const request = (args[0] ?? {}) as { permissionsContext?: unknown; context?: unknown }
    const id = request.permissionsContext ?? request.context
    if (typeof id !== 'string') throw new RpcError('Invalid params', -32602)
    const removed = await updateGrants((grants) => {
      const keep = grants.filter((g) => !(g.id === id && g.origin === context.hostOrigin))
      return { grants: keep, result: keep.length !== grants.length }
    })
    if (!removed) throw new RpcError('Unknown permissions context', -32602)
    return {}
  }
  // Never ask the user to approve what this device cannot sign.
  await context.assertCanSign(method.startsWith('solana_') ? 'solana' : 'eip155')
  const ask = (request: Omit<ApprovalRequest, 'origin'>) =>
    requestApproval({ ...request, origin: context.hostOrigin }, context.prompt)
  const approveOrThrow = async (request: Omit<ApprovalRequest, 'origin'>) => {
    if (!(await ask(request))) throw new RpcError(frameTexts.rejected, 4001)
  }
  const evmAccount = <T>(use: (account: ReturnType<typeof privateKeyToAccount>) => Promise<T>) =>
    context.withSecret('eip155', (secret) => use(privateKeyToAccount(bytesToHex(secret))))
  const walletClient = (account: ReturnType<typeof privateKeyToAccount>) => {
    return createWalletClient({ account, transport: http(httpRpcUrl(context.rpcUrl)) })
  }
  const { approveSend, sendWith } = grantSpending(context, evm, approveOrThrow)

  /**
   * One user operation of `calls` through the smart account: prepared first (so the approval can
   * say who pays the gas), approved, then signed here with the owner key and sent to the bundler.
   */
  const sendAsOperation = async (
    active: NonNullable<typeof smart>,
    calls: readonly TransactionRequest[],
    capabilities: unknown,
    prompt: Omit<ApprovalRequest, 'origin'>,
  ) => {
    const owner = context.addresses.eip155 as Hex
    const upgraded = active.kind === 'eip7702'
    const account = await (upgraded ? delegatedAccountOf : smartAccountOf)(context.rpcUrl, owner, evmAccount)
    const targets = calls.map((call) => {
      if (typeof call.to !== 'string') throw new RpcError('A smart account cannot create contracts', -32602)
      return { to: call.to, value: call.value, data: call.data }
    })
    const prepared = await prepareOperation(active.endpoints, account, targets)
    const used = await approveSend(capabilities, calls as Call[], {
      ...prompt,
      ...(prepared.delegation ? { title: upgradeTexts.withCallsTitle } : {}),
      rows: [
        {
          label: 'From',
          value: `${account.address} (${
            !upgraded ? 'smart account' : prepared.delegation ? 'your account' : 'your account, upgraded with EIP-7702'
          })`,
        },
        // An operation that also delegates the account says so in the same prompt.
        ...(prepared.delegation ? delegationRows(account.address, prepared.delegation.implementation) : []),
        ...prompt.rows,
        ...payerRows(prepared, upgraded ? 'your account' : 'the smart account'),
      ],
    })
    const hash = await sendWith(used, () => sendOperation(active.endpoints, account, prepared))
    return { hash, account }
  }

  // A message is signed for the address it names. For the smart account (the ERC-4337 one, at its
  // own address) the smart account signs: ERC-7739's nested typed data by the owner key, wrapped in
  // ERC-6492 until its first operation deploys it, so verifiers (a sign-in among them) accept it for
  // that address. For the key's own address, and the EOA upgraded in place, the key signs directly.
  const isOwnAccount = (address: unknown) => sameAddress(address, evm) || sameAddress(address, context.addresses.eip155)
  const messageSigner = (address: unknown) =>
    messageSignerFor(String(address), smart, {
      rpcUrl: context.rpcUrl,
      owner: context.addresses.eip155 as Hex,
      withOwner: evmAccount,
    })

  switch (method) {
    case 'personal_sign': {
      const [message, address] = args
      if (typeof message !== 'string' || !isOwnAccount(address)) throw new RpcError('Invalid params', -32602)
      await approveOrThrow({ title: 'Sign message', rows: [{ label: 'Message', value: describeMessage(message) }] })
      const signer = await messageSigner(address)
      return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = args
      if (!isOwnAccount(address)) throw new RpcError('Invalid params', -32602)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
      await approveOrThrow({
        title: 'Sign typed data',
        rows: [
          { label: 'Primary type', value: String(typed.primaryType) },
          { label: 'Message', value: JSON.stringify(typed.message, null, 2) },
        ],
      })
      const { EIP712Domain: _, ...types } = (typed.types ?? {}) as Record<string, unknown>
      const signer = await messageSigner(address)
      return signer.signTypedData({ ...typed, types } as TypedDataDefinition)
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const raw = args[0] as Record<string, unknown> | undefined
      if (raw?.from !== undefined && !sameAddress(raw.from, evm)) throw new RpcError('Invalid params', -32602)
      const tx = toTransaction(raw)
      const prompt = {
        title: method === 'eth_sendTransaction' ? 'Send transaction' : 'Sign transaction',
        rows: [
          { label: 'To', value: String(tx.to ?? 'contract creation') },
          { label: 'Value (wei)', value: String(tx.value ?? 0n) },
          ...(tx.data ? [{ label: 'Data', value: String(tx.data) }] : []),
        ],
      }
      if (smart && method === 'eth_sendTransaction') {
        const { hash } = await sendAsOperation(
          smart,
          [tx],
          raw?.capabilities ?? (args[1] as { capabilities?: unknown })?.capabilities,
          prompt,
        )
        // The dapp waits for a transaction: the one the bundler included the operation in.
        // A reverted operation ends in its typed error (reason, hashes), not in a transaction hash.
        const receipt = await confirmOperation(smart.endpoints, hash, { timeoutMs: smart.receiptTimeoutMs })
        return receipt.receipt.transactionHash
      }
      // The upgraded EOA still signs its own transactions; the SimpleAccount has no key of its own.
      if (smart && smart.kind !== 'eip7702')
        throw new RpcError('A smart account signs user operations, not transactions', 4200)
      // A grant only ever covers sends (a signed-but-unsent transaction could be replayed later).
      const used =
        method === 'eth_sendTransaction'
          ? await approveSend(
              raw?.capabilities ?? (args[1] as { capabilities?: unknown })?.capabilities,
              [tx as Call],
              prompt,
            )
          : await approveOrThrow(prompt).then(() => undefined)
      return sendWith(used, () =>
        evmAccount(async (account) => {
          const client = walletClient(account)
          if (method === 'eth_sendTransaction') return client.sendTransaction({ ...tx, chain: null } as never)
          const prepared = await client.prepareTransactionRequest({ ...tx, chain: null } as never)
          return account.signTransaction(prepared as never)
        }),
      )
    }
    case 'wallet_sendCalls': {
      const request = (args[0] ?? {}) as {
        calls?: unknown[]
        chainId?: Hex
        from?: string
        capabilities?: unknown
        atomicRequired?: unknown
      }
      if (!Array.isArray(request.calls) || request.calls.length === 0) throw new RpcError('Invalid params', -32602)
      if (request.from !== undefined && !sameAddress(request.from, evm)) throw new RpcError('Invalid params', -32602)
      const calls = request.calls.map(toTransaction)
      const sendCallsPrompt = {
        title: 'Send calls',
        rows: calls.map((call, index) => ({
          label: `Call ${index + 1}`,
          value: `${call.to ?? 'contract creation'} · ${call.value ?? 0n} wei${call.data ? ` · ${call.data}` : ''}`,
        })),
      }
      // A batch that must be atomic from a plain EOA that can be upgraded: the upgrade goes with it
      // (its prompt says so); on a network that cannot take it, EIP-5792's 5760.
      const upgrading =
        !smart && request.atomicRequired === true && context.upgradable
          ? {
              address: context.addresses.eip155,
              kind: 'eip7702' as const,
              endpoints: await assertUpgradeSupported(context.upgradable),
            }
          : undefined
      const active = smart ?? upgrading
      // EIP-5792: a wallet that cannot run the batch atomically refuses an atomic one (5760)
      // rather than sending it call by call, where a failing call would leave the others done.
      if (!active && request.atomicRequired === true) throw new RpcError('Atomicity not supported', 5760)
      if (active) {
        const { hash } = await sendAsOperation(active, calls, request.capabilities, {
          ...sendCallsPrompt,
          title: calls.length > 1 ? `Send ${calls.length} calls together` : 'Send calls',
        })
        // The operation's hash names the batch: wallet_getCallsStatus asks the bundler for its receipt.
        rememberCalls(hash, {
          chainId: request.chainId ?? chainHex,
          userOperation: hash,
          bundlerUrl: active.endpoints.bundlerUrl,
          rpcUrl: context.rpcUrl,
        })
        return { id: hash }
      }
      const used = await approveSend(request.capabilities, calls as Call[], sendCallsPrompt)
      const receipts = await sendWith(used, () =>
        evmAccount(async (account) => {
          const client = walletClient(account)
          const hashes: Hex[] = []
          for (const call of calls) hashes.push(await client.sendTransaction({ ...call, chain: null } as never))
          return hashes
        }),
      )
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      rememberCalls(id, { chainId: request.chainId ?? chainHex, receipts })
      return { id }
    }
    case 'wallet_grantPermissions': {
      if (typeof context.chainId !== 'number') throw new RpcError('Permissions are granted on EVM networks only', 4200)
      const chainId = context.chainId
      const at = nowOf(context)
      let parsed: ReturnType<typeof parseGrantRequest>
      try {
        parsed = parseGrantRequest(Array.isArray(args[0]) ? args[0][0] : args[0], at, chainId)
      } catch (error) {
        throw new RpcError(error instanceof GrantRequestError ? error.message : 'Invalid params', -32602)
      }
      if (parsed.address !== undefined && !sameAddress(parsed.address, evm))
        throw new RpcError('Invalid params', -32602)
      const draft: Omit<Grant, 'id' | 'spent'> = {
        account: evm,
        chainId,
        origin: context.hostOrigin,
        dappName: context.dappName?.(),
        expiry: parsed.expiry,
        grantedAt: at,
        permissions: parsed.list,
      }
      await approveOrThrow({ title: 'Grant permissions', rows: describeGrant(draft) })
      const grant: Grant = { ...draft, id: bytesToHex(crypto.getRandomValues(new Uint8Array(32))), spent: {} }
      await updateGrants((grants) => ({
        // Expired grants are dropped whenever a new one is stored.
        grants: [...grants.filter((g) => g.expiry > at), grant],
        result: undefined,
      }))
      const signer = parsed.signer ?? { type: 'account', data: { id: evm } }
      return {
        chainId: `0x${chainId.toString(16)}`,
        address: evm,
        expiry: grant.expiry,
        signer,
        permissions: grant.permissions,
        grantedPermissions: grant.permissions,
        permissionsContext: grant.id,
        context: grant.id,
        accountMeta: { factory: undefined, factoryData: undefined },
      }
    }
    case 'solana_signMessage':
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
    case 'solana_signAllTransactions':
      return handleSolanaRpc(
        {
          address: context.addresses.solana,
          rpcUrl: context.rpcUrl,
          withSecret: (use) => context.withSecret('solana', use),
          approve: approveOrThrow,
        },
        method,
        params,
      )
    default:
      // On the unsafe list (so the kit routes it here) but not served by this version of the frame.
      throw new RpcError(`${method} is not supported by the embedded wallet`, 4200)
  }
}
