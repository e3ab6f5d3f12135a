// @portico/headless/walletconnect/react: the feature's React hook over
// '@portico/headless/walletconnect' (its core entry, usable without React). The build gives this
// entry, and no core entry, the 'use client' directive.

export { useWalletConnectUri } from '../../features/walletconnect/react/useWalletConnectUri.js'
