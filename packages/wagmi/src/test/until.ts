import {
  type Portico,
  getConnection as porticoConnection,
  watchConnection as watchPortico,
} from '@portico/headless/core'
import { type Config, getConnection, watchConnection } from '@wagmi/core'

/**
 * Resolves once wagmi's connection satisfies `predicate` (checked now and on each change: wagmi's
 * state changes are events).
 *
 * @example
 * await untilWagmi(config, (c) => c.status === 'connected')
 */
export function untilWagmi(config: Config, predicate: (c: ReturnType<typeof getConnection>) => boolean) {
  return new Promise<ReturnType<typeof getConnection>>((resolve) => {
    const check = () => {
      const now = getConnection(config)
      if (!predicate(now)) return false
      resolve(now)
      return true
    }
    if (check()) return
    const stop = watchConnection(config, {
      onChange: () => {
        if (check()) stop()
      },
    })
  })
}

/**
 * Resolves once Portico's eip155 connection satisfies `predicate` (checked now and on each change).
 *
 * @example
 * await untilPortico(portico, (c) => c.status === 'disconnected')
 */
export function untilPortico(portico: Portico, predicate: (c: ReturnType<typeof porticoConnection>) => boolean) {
  return new Promise<ReturnType<typeof porticoConnection>>((resolve) => {
    const now = porticoConnection(portico, { namespace: 'eip155' })
    if (predicate(now)) return resolve(now)
    const stop = watchPortico(portico, {
      namespace: 'eip155',
      onChange(next) {
        if (!predicate(next)) return
        stop()
        resolve(next)
      },
    })
  })
}
