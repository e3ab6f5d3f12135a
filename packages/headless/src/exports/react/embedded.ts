// @portico/headless/embedded/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/embedded' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { useConnectFarcaster } from '../../features/embedded/react/useConnectFarcaster.js'
export { useConnectSocial } from '../../features/embedded/react/useConnectSocial.js'
export { type EmailLoginStep, useEmailLogin } from '../../features/embedded/react/useEmailLogin.js'
export { type EmbeddedWalletUser, useEmbeddedWallet } from '../../features/embedded/react/useEmbeddedWallet.js'
export { usePasskey } from '../../features/embedded/react/usePasskey.js'
export { type SmartAccountStatus, useSmartAccount } from '../../features/embedded/react/useSmartAccount.js'
export { type UpdateEmailStep, useUpdateEmail } from '../../features/embedded/react/useUpdateEmail.js'
