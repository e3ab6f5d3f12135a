// What the WalletConnect tests share that needs no devnet process (DOM tests can import it too).
import { type WalletConnectSession, walletConnectSession } from '../features/walletconnect/session.js'
import { watchWalletConnectUri } from '../features/walletconnect/watchWalletConnectUri.js'
import { getConnectors } from '../kernel/actions/getConnectors.js'
import type { Portico } from '../kernel/portico.js'
import { accountsAtom } from '../kernel/state/atoms.js'
import type { AccountState } from '../kernel/types.js'
import type { ChainNamespace } from '../kernel/utils/caip.js'

/**
 * The instance's WalletConnect session (its controller, loaded on demand, and `prepare`), or
 * `undefined` when WalletConnect is off: tests spy on it, close its client, or read its pairings.
 * A test helper, not part of any public entry.
 */
export function walletConnectOf(portico: Portico): WalletConnectSession | undefined {
  return portico.options.walletConnect ? walletConnectSession(portico) : undefined
}

/** The namespaces one WalletConnect session connects with the devnet wallet. */
export const walletConnectNamespaces: ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

/** The namespace's account state. */
export const accountOf = (portico: Portico, namespace: ChainNamespace) => portico.store.get(accountsAtom)[namespace]

/** The instance's WalletConnect connector on `namespace`. */
export function wcConnector(portico: Portico, namespace: ChainNamespace = 'eip155') {
  const connector = getConnectors(portico, { namespace }).find((c) => c.type === 'WALLET_CONNECT')
  if (!connector) throw new Error(`no WalletConnect connector on ${namespace}`)
  return connector
}

/** Resolves with the next pairing URI Portico offers (the one already offered counts). */
export function nextUri(portico: Portico, except?: string) {
  return new Promise<string>((resolve) => {
    const unwatch = watchWalletConnectUri(portico, {
      onChange: (pairing) => {
        if (pairing && pairing.uri !== except) {
          unwatch()
          resolve(pairing.uri)
        }
      },
    })
  })
}

/** Resolves once the namespace's account state satisfies `predicate` (state changes are events, not time). */
export function until(
  portico: Portico,
  namespace: ChainNamespace,
  predicate: (a: AccountState | undefined) => boolean,
) {
  return new Promise<AccountState | undefined>((resolve) => {
    const check = () => {
      const state = accountOf(portico, namespace)
      if (predicate(state)) {
        unsubscribe()
        resolve(state)
      }
    }
    const unsubscribe = portico.store.sub(accountsAtom, check)
    check()
  })
}

/** The dapp's WalletConnect sign client (started on first call). */
export async function signClientOf(portico: Portico) {
  const controller = await walletConnectOf(portico)?.load()
  if (!controller) throw new Error('WalletConnect is off')
  return controller.client()
}

/** Closes the dapp's WalletConnect client (its socket and timers), as a page that goes away. */
export async function closePortico(portico: Portico) {
  await (await walletConnectOf(portico)?.load())?.close()
}
