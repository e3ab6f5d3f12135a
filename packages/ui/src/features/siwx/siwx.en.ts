/** English text of the sign-in (SIWX) views; other languages load on demand. */
export const siwxEn = {
  siwxTitle: (app: string) => `${app} needs to connect to your wallet`,
  siwxBody: 'Sign a message in your wallet to prove you own this account. It costs nothing and sends no transaction.',
  siwxAccount: (address: string, network: string) => `Signing in as ${address} on ${network}`,
  siwxRequired: 'Signing in is required: cancelling disconnects your wallet.',
  siwxSign: 'Sign',
  siwxCancel: 'Cancel',
  siwxAuthenticating: 'Authenticating...',
  siwxRejected: 'You declined the sign-in request.',
  siwxFailed: 'Sign-in failed. Please try again.',
  siwxRetry: 'Try again',
  siwxSignedIn: 'Signed in',
  siwxSignedOut: 'Not signed in',
  siwxSignIn: 'Sign in',
  siwxSignOut: 'Sign out',
}
