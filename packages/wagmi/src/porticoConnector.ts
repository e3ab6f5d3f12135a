import type { Portico } from '@portico/headless/core'
import {
  BaseError,
  getConnection,
  isUserRejection,
  NotConnectedError,
  disconnect as porticoDisconnect,
  request as porticoRequest,
  switchNetwork,
  watchConnection,
} from '@portico/headless/core'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import {
  type Address,
  type Chain,
  type EIP1193RequestFn,
  getAddress,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'

/** The id wagmi knows Portico's connector by (`useConnectors`, storage's `recentConnectorId`). */
export const porticoConnectorId = 'portico'

export type PorticoConnectorParameters = {
  /**
   * Called when a wagmi `connect` finds Portico disconnected, e.g. Portico UI's `open()`: the
   * user picks a wallet in Portico's modal and wagmi's `connect` resolves with that connection.
   * Without it, such a `connect` fails with Portico's `NotConnectedError`.
   *
   * Return a promise that settles when that modal closes (connected or not): a close with nothing
   * connected or connecting rejects the `connect` with viem's `UserRejectedRequestError` ('Modal
   * closed'), as wagmi's own connectors do when the user dismisses their prompt. Returning nothing
   * is still accepted, but then Portico cannot tell that the user dismissed the modal: the `connect`
   * settles only once a connection attempt starts there and ends (connected, or failed).
   *
   * @example
   * porticoConnector(portico, { openModal: () => myModal.show() }) // a promise, settled when it closes
   */
  openModal?: (() => void) | (() => PromiseLike<unknown>) | undefined
}

/** The EIP-1193 provider wagmi's clients use: every call goes through Portico's `request`. */
export type PorticoWagmiProvider = { request: EIP1193RequestFn }

/**
 * A wagmi connector backed by a Portico instance: wagmi's hooks and actions (`useConnection`,
 * `useSwitchChain`, `sendTransaction`…) see and use the wallet the user connected in Portico's
 * modal (installed EIP-6963 wallets and WalletConnect alike). Every wallet call goes through
 * Portico's `request` action and its connector contract, so there is one path to the wallet.
 * Connections, chain switches and disconnects on either side show on the other.
 *
 * Errors are wagmi's own connectors' (`injected`, `walletConnect`): a chain switch the user
 * declines rejects with viem's `UserRejectedRequestError`, any other failed switch with viem's
 * `SwitchChainError` (its `cause` says why: wagmi's `ChainNotConfiguredError` for a chain outside
 * wagmi's config). A `connect` that asks for a chain it cannot reach
 * connects on the wallet's current chain (with a `console.warn`) unless the user declined the switch.
 * A `connect` that opens the modal (`openModal`) rejects with `UserRejectedRequestError` when the
 * user closes it without connecting. Called without a Portico instance, it throws Portico's
 * `BaseError` at once.
 *
 * @example
 * import { createConfig, http } from '@wagmi/core'
 * import { mainnet } from 'viem/chains'
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [porticoConnector(portico, { openModal: () => modal.open() })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function porticoConnector(portico: Portico, { openModal }: PorticoConnectorParameters = {}) {
  // A host's missing instance (`undefined` from a module that did not load, a wrong import) would
  // otherwise surface later as an unhandled rejection in `setup` and TypeErrors in every method.
  if (typeof portico !== 'object' || portico === null || !('store' in portico))
    throw new BaseError('`porticoConnector` needs a Portico instance as its first parameter, `portico`.', {
      details: `Received ${portico === null ? 'null' : typeof portico}.`,
      metaMessages: ['Pass the instance from `createPortico` or `getDefaultConfig`.'],
    })
  const evm = () => getConnection(portico, { namespace: 'eip155' })
  const accountsOf = (connection = evm()): readonly Address[] =>
    connection.isConnected
      ? (connection.addresses ?? [connection.address]).filter(isString).map((a) => getAddress(a))
      : []
  const chainIdOf = (connection = evm()) =>
    Number((connection.caipNetworkId ?? connection.network?.caipNetworkId)?.split(':')[1])

  const provider: PorticoWagmiProvider = {
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_accounts') return accountsOf()
      if (method === 'eth_chainId') return `0x${chainIdOf().toString(16)}`
      return porticoRequest(portico, { namespace: 'eip155', method, params })
    }) as EIP1193RequestFn,
  }

  /** Resolves once Portico settles (not connecting or reconnecting), with its eip155 connection. */
  const settled = (): Promise<ReturnType<typeof evm>> =>
    new Promise((resolve) => {
      const now = evm()
      if (!now.isConnecting && !now.isReconnecting) return resolve(now)
      const stop = watchConnection(portico, {
        namespace: 'eip155',
        onChange(next) {
          if (next.isConnecting || next.isReconnecting) return
          stop()
          resolve(next)
        },
      })
    })

  /**
   * Opens the modal (`open`) and waits for the user to connect there. Rejects with viem's
   * `UserRejectedRequestError` when the attempt ends without a connection, or when the promise
   * `open` returned settles (the modal closed) with nothing connected: at once if nothing is under
   * way, else once that attempt fails. Rejects with `open`'s own error when it throws. Every way
   * out stops the watch: a dismissed connect leaves nothing subscribed.
   */
  const connected = (open: NonNullable<PorticoConnectorParameters['openModal']>): Promise<ReturnType<typeof evm>> =>
    new Promise((resolve, reject) => {
      let started = false
      let watching = true
      /** Why the connect fails once Portico is disconnected again, set when the modal closed. */
      let dismissed: UserRejectedRequestError | undefined
      const fail = (error: Error) => {
        unwatch()
        reject(error)
      }
      const stopWatching = watchConnection(portico, {
        namespace: 'eip155',
        onChange(next) {
          if (next.isConnected) {
            unwatch()
            resolve(next)
          } else if (next.isConnecting || next.isReconnecting) started = true
          else if (next.isDisconnected && (started || dismissed))
            fail(dismissed ?? new UserRejectedRequestError(new Error('The connection in Portico did not complete.')))
        },
      })
      function unwatch() {
        if (watching) stopWatching()
        watching = false
      }
      let opened: unknown
      try {
        opened = open()
      } catch (error) {
        return fail(error as Error)
      }
      if (!isThenable(opened)) return
      // A rejected promise is a close too (some modal libraries reject on dismiss); its reason is
      // kept as the cause. Closed while a connection is under way (the user picked a wallet and the
      // wallet is still answering), the watch above decides.
      const closed = (reason?: unknown) => {
        if (!watching) return
        dismissed = new UserRejectedRequestError(reason instanceof Error ? reason : new BaseError('Modal closed'))
        if (evm().isDisconnected) fail(dismissed)
      }
      Promise.resolve(opened).then(() => closed(), closed)
    })

  return createConnector<PorticoWagmiProvider>((config) => {
    let stopWatching: (() => void) | undefined

    // As wagmi's `injected` and `walletConnect`: a chain outside wagmi's config is a failed switch
    // (viem's SwitchChainError) whose cause is wagmi's ChainNotConfiguredError.
    const chainById = (chainId: number): Chain => {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      return chain
    }

    return {
      id: porticoConnectorId,
      name: 'Portico',
      type: 'portico',

      async setup() {
        // Portico's state drives wagmi's: its connect/change/disconnect become this connector's
        // events, which wagmi's config turns into its connections (also after a Portico reconnect).
        stopWatching?.()
        stopWatching = watchConnection(portico, {
          namespace: 'eip155',
          onChange(next, previous) {
            if (next.isConnected && !previous.isConnected) {
              config.emitter.emit('connect', { accounts: accountsOf(next), chainId: chainIdOf(next) })
            } else if (next.isConnected) {
              if (next.address !== previous.address || next.addresses !== previous.addresses)
                config.emitter.emit('change', { accounts: accountsOf(next) })
              if (next.caipNetworkId !== previous.caipNetworkId)
                config.emitter.emit('change', { chainId: chainIdOf(next) })
            } else if (next.isDisconnected && previous.isConnected) {
              config.emitter.emit('disconnect')
            }
          },
        })
      },

      async connect({ chainId, withCapabilities } = {}) {
        let connection = await settled()
        if (!connection.isConnected) {
          if (!openModal) throw new NotConnectedError({ namespace: 'eip155' })
          connection = await connected(openModal)
        }
        let currentChainId = chainIdOf(connection)
        if (chainId !== undefined && chainId !== currentChainId) {
          // As wagmi's injected connector: only the user declining the switch fails the connect.
          // Any other failure (a chain outside Portico's networks, a wallet refusing it) leaves the
          // connection on its chain, which the result reports: failing here would leave wagmi
          // disconnected while Portico, just connected in its modal, stays connected.
          try {
            currentChainId = (await this.switchChain?.({ chainId }))?.id ?? currentChainId
          } catch (error) {
            if (error instanceof UserRejectedRequestError) throw error
            console.warn(
              `[portico] wagmi connect: could not switch to chain ${chainId} (${errorText(error)}); connected on chain ${currentChainId}.`,
            )
          }
        }
        const accounts = accountsOf(connection)
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: currentChainId,
        }
      },

      async disconnect() {
        if (!evm().isDisconnected) await porticoDisconnect(portico, { namespace: 'eip155' })
      },

      async getAccounts() {
        return accountsOf()
      },

      async getChainId() {
        return chainIdOf()
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        // On page load wagmi asks before Portico may have restored its session: wait for it.
        return (await settled()).isConnected
      },

      async switchChain({ chainId }) {
        const chain = chainById(chainId)
        try {
          await switchNetwork(portico, { caipNetworkId: `eip155:${chainId}` })
        } catch (error) {
          // wagmi's connectors reject a declined switch with viem's UserRejectedRequestError and
          // any other failed one (the wallet refusing, a chain outside Portico's networks) with
          // viem's SwitchChainError, its cause the reason: apps tell them apart with `instanceof`.
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        return chain
      },

      // Portico's own state (watched in `setup`) carries the wallet's events; wagmi's listeners
      // for a raw provider are not used.
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }
  })
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function'
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

/** The one-line reason of a failed switch, for a warning (SwitchChainError's own text is generic). */
function errorText(error: unknown): string {
  const reason = error instanceof SwitchChainError ? error.cause : error
  const { shortMessage, message } = (reason ?? {}) as { shortMessage?: unknown; message?: unknown }
  return String(shortMessage ?? message ?? reason)
}
