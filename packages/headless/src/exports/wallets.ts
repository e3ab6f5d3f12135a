// @portico/headless/wallets: several wallets connected at once (the `multiWallet` feature), without
// React (the hooks: '/wallets/react'). Its own entry, not the main one: esbuild splits by file, so
// anything the main entry re-exports that a lazily loaded view uses lands on every page's start
// (see pageStart.test.ts in @portico/ui). Disconnecting one wallet is the main entry's
// `disconnect(portico, { connection })`.

export type { InvalidConnectionStatusErrorType } from '../features/wallets/errors.js'
export { type GetConnectionsReturnType, getConnections } from '../features/wallets/getConnections.js'
export { switchConnectionMutationOptions } from '../features/wallets/query.js'
export {
  type SwitchConnectionErrorType,
  type SwitchConnectionParameters,
  type SwitchConnectionReturnType,
  switchConnection,
} from '../features/wallets/switchConnection.js'
export { type WatchConnectionsParameters, watchConnections } from '../features/wallets/watchConnections.js'
export type { Connection, ConnectorStatus } from '../kernel/types.js'
