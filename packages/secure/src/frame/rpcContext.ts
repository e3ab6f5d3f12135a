import type { PromptHost } from './approval.js'
import type { Namespace } from './keys.js'
import type { SmartAccountEndpoints } from './smartAccount.js'

/** What the RPC handler needs from the frame. */
export type RpcContext = {
  hostOrigin: string
  chainId: number | string
  rpcUrl: string | undefined
  addresses: Record<Namespace, string>
  /** Runs `use` with the rebuilt key of `namespace` (wiped afterwards). */
  withSecret<T>(namespace: Namespace, use: (secret: Uint8Array) => Promise<T> | T): Promise<T>
  /** Throws when this device cannot sign in `namespace` (checked before the user is asked). */
  assertCanSign(namespace: Namespace): Promise<void>
  /** The page around the frame: shows it while a prompt is up, hears of clicks it hid. */
  prompt: PromptHost
  log(...args: unknown[]): void
  /** The host's app name as synced (SYNC_DAPP_DATA), shown beside the verified origin in grant prompts. */
  dappName?: () => string | undefined
  /** Unix seconds (the frame's clock; replaceable in tests). */
  now?: () => number
  /**
   * Present while the user's preferred account type on this (eip155) chain is `smartAccount` (its
   * counterfactual `address` answers for the account), or while it is `eoa` and the EOA delegates
   * to Simple7702Account with EIP-7702 (`kind: 'eip7702'`, the EOA's own address): sends go as one
   * user operation.
   */
  smartAccount?:
    | {
        address: string
        /** `smartAccount` (the default): the ERC-4337 account at its own address; `eip7702`: the EOA upgraded in place. */
        kind?: 'smartAccount' | 'eip7702' | undefined
        endpoints: SmartAccountEndpoints
        /** How long a send waits for the operation's receipt (default 60 s). */
        receiptTimeoutMs?: number | undefined
      }
    | undefined
  /**
   * Present while the plain EOA answers on a chain where the host configured a bundler: the EOA can
   * be upgraded with EIP-7702 (EIP-5792's atomic `ready`). A `wallet_sendCalls` that requires
   * atomicity then asks for the upgrade and the calls in one prompt.
   */
  upgradable?: SmartAccountEndpoints | undefined
}

/**
 * The frame's clock in Unix seconds: the context's own (replaced in tests), else the system's.
 *
 * @example
 * const live = grants.filter((g) => g.expiry > nowOf(context))
 */
export function nowOf(context: Pick<RpcContext, 'now'>): number {
  return context.now?.() ?? Math.floor(Date.now() / 1000)
}
