// @portico/headless/wallets/react: the multi-wallet hooks, glue over '@portico/headless/wallets'
// (its core entry, usable without React). The build gives this entry, and no core entry, the
// 'use client' directive.

export { useConnections } from '../../features/wallets/react/useConnections.js'
export {
  type UseSwitchConnectionParameters,
  useSwitchConnection,
} from '../../features/wallets/react/useSwitchConnection.js'
