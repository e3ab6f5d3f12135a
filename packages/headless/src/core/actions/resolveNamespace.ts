import type { Portico } from '../config/createPortico.js'
import { AdapterNotFoundError } from '../errors/network.js'
import { activeNamespaceAtom } from '../state/atoms.js'
import type { ChainAdapter } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

/** @internal The namespace an action works on (given, else the active one) and its adapter. */
export function resolveAdapter(
  portico: Portico,
  namespace: ChainNamespace | undefined,
): { namespace: ChainNamespace; adapter: ChainAdapter } {
  const resolved = namespace ?? portico.store.get(activeNamespaceAtom)
  const adapter = resolved ? portico.adapters.get(resolved) : undefined
  if (!resolved || !adapter) throw new AdapterNotFoundError({ namespace: resolved })
  return { namespace: resolved, adapter }
}
