import { defineFeatureState } from '../../kernel/featureState.js'
import type { FrameTimings } from './frameClient.js'
import type { EmbeddedWallet, EmbeddedWalletTheme } from './types.js'

/**
 * @internal
 * The embedded wallet's per-instance state: the wallet once made (its frame is on the page from
 * then on), the host's latest theme for the frame, frame timings (tests shorten them) and the
 * social login window in use.
 *
 * @example
 * featureState(portico, embeddedState).wallet?.client.ready()
 */
export const embeddedState = defineFeatureState('embedded', () => ({
  wallet: undefined as EmbeddedWallet | undefined,
  theme: undefined as EmbeddedWalletTheme | undefined,
  timings: undefined as Partial<FrameTimings> | undefined,
  /** The social login window this instance opened (a second click reuses it rather than open another). */
  socialPopup: undefined as Window | undefined,
  /**
   * The login that has the window now: a login started in it after another (the user went back and
   * picked another provider) takes it over, and the one it replaced no longer closes it.
   */
  socialPopupOwner: undefined as object | undefined,
}))
