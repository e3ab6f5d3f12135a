import type { SessionTypes } from '@walletconnect/types'
import type { ConnectorEvent } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { isChainNamespace } from '../../kernel/utils/caip.js'
import { sessionAccounts } from './namespaces.js'

type Listener = (event: ConnectorEvent) => void

/**
 * @internal
 * The session's wallet events, told to the connector of each namespace as connector events: the
 * session's end, its new accounts after an update, and the chain and account changes the wallet
 * announces (its data normalised, anything malformed dropped). The controller calls these only
 * for its current session's topic.
 *
 * @example
 * const events = createSessionEvents()
 * const off = events.subscribe('eip155', (event) => console.log(event.type))
 * events.ended() // logs 'disconnect'
 */
export function createSessionEvents() {
  const listeners = new Map<ChainNamespace, Set<Listener>>()
  const emit = (namespace: ChainNamespace, event: ConnectorEvent) => {
    for (const listener of [...(listeners.get(namespace) ?? [])]) listener(event)
  }
  return {
    subscribe(namespace: ChainNamespace, listener: Listener): () => void {
      let set = listeners.get(namespace)
      if (!set) {
        set = new Set()
        listeners.set(namespace, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    /** The session was deleted or expired. */
    ended() {
      for (const namespace of [...listeners.keys()]) emit(namespace, { type: 'disconnect' })
    },
    /** The wallet updated the session's namespaces: each namespace hears its accounts now. */
    updated(namespaces: SessionTypes.Namespaces) {
      for (const namespace of [...listeners.keys()]) {
        const byChain = sessionAccounts(namespaces[namespace])
        const accounts = [...new Set([...byChain.values()].flat())]
        emit(namespace, { type: 'accountsChanged', accounts })
      }
    },
    /** A `session_event` from the wallet: a chain or account change on one of its chains. */
    event({ event, chainId }: { event: { name: string; data: unknown }; chainId: string }) {
      const namespace = chainId.slice(0, chainId.indexOf(':'))
      if (!isChainNamespace(namespace)) return
      if (event.name === 'chainChanged') {
        const reference = normaliseChainReference(namespace, event.data)
        if (reference) emit(namespace, { type: 'chainChanged', caipNetworkId: `${namespace}:${reference}` })
        return
      }
      if (event.name === 'accountsChanged' || event.name === 'bip122_addressesChanged') {
        const accounts = normaliseAccounts(event.data)
        if (accounts) emit(namespace, { type: 'accountsChanged', accounts })
      }
    },
  }
}

function normaliseChainReference(namespace: ChainNamespace, data: unknown): string | undefined {
  if (namespace === 'eip155') {
    const id = typeof data === 'number' ? data : typeof data === 'string' ? Number(data.split(':').pop()) : Number.NaN
    return Number.isSafeInteger(id) && id > 0 ? String(id) : undefined
  }
  if (typeof data !== 'string') return undefined
  const reference = data.includes(':') ? data.slice(data.indexOf(':') + 1) : data
  return /^[-_a-zA-Z0-9]{1,32}$/.test(reference) ? reference : undefined
}

function normaliseAccounts(data: unknown): string[] | undefined {
  if (!Array.isArray(data)) return undefined
  const accounts: string[] = []
  for (const entry of data) {
    const value = typeof entry === 'string' ? entry : (entry as { address?: unknown } | null)?.address
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) continue
    accounts.push(value.includes(':') ? value.slice(value.lastIndexOf(':') + 1) : value)
  }
  return accounts
}
