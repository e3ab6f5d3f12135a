// A host wallet that keeps ERC-7715 grants in memory and answers the three permission methods, with
// a React wrapper over its Portico: the permissions hooks' tests share it.
import type { ReactNode } from 'react'
import type { PorticoOptions } from '../kernel/options.js'
import { PorticoProvider } from '../kernel/react/PorticoProvider.js'
import { permissionsWallet } from './permissionsWallet.js'

/** A recurring native allowance of 16 wei a minute. */
export const allowance = { type: 'native-token-recurring-allowance', data: { allowance: '0x10', period: 60 } }

/**
 * @internal
 * A wallet keeping grants in memory, answering the three permission methods; `stop` ends it.
 *
 * @example
 * const { wrapper, stop } = await grantingWallet()
 */
export async function grantingWallet(options: Partial<PorticoOptions> = {}) {
  let grants: Record<string, unknown>[] = []
  let next = 0
  const setup = await permissionsWallet({
    options,
    request: async ({ method, params }) => {
      const [first] = params as [Record<string, unknown>]
      if (method === 'wallet_grantPermissions') {
        const grant = { ...first, chainId: '0x7a69', permissionsContext: `0x0${++next}` }
        grants = [...grants, grant]
        return grant
      }
      if (method === 'wallet_getGrantedExecutionPermissions') return grants
      if (method === 'wallet_revokePermissions') {
        grants = grants.filter((g) => g.permissionsContext !== first.permissionsContext)
        return {}
      }
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={setup.portico}>{children}</PorticoProvider>
  )
  return { ...setup, wrapper }
}
