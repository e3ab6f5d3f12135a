import { toNodeError } from './node.js'

/**
 * @internal
 * The lazy entry to {@link toNodeError} for `sendTransaction`'s error path. It must be its own
 * file, imported only dynamically: a dynamic import of `node.js` itself (which the public entries
 * import statically) would make bundlers keep every export of the shared chunk at page start.
 */
export function mapNodeError(error: unknown): unknown {
  return toNodeError(error)
}
