import type { SocialProvider } from './socialLogin.js'

/** @internal Each social login's own name (a brand: the same in every language). */
export const socialNames: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/** @internal The name of `provider` as the secure frame reports it (a login by one of these), or as given. */
export const socialName = (provider: string): string =>
  // Own keys only: a provider named like an Object member ('constructor') is shown as it came.
  Object.hasOwn(socialNames, provider) ? socialNames[provider as SocialProvider] : provider
