import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { WalletConnectController } from './controller.js'

/** @internal The instance's WalletConnect session: its controller, loaded once, and readying ahead of the pick. */
export type WalletConnectSession = {
  /** Loads the controller's chunk (the SDK's own chunk loads when the controller first needs it). */
  load(): Promise<WalletConnectController>
  /** Readies a pairing URI ahead of the user's pick (see `prepareWalletConnect`). Never rejects. */
  prepare(): Promise<void>
  /** The controller once loaded; reading it never loads anything. */
  loaded(): WalletConnectController | undefined
}

const sessionState = defineFeatureState('walletConnect', (portico): WalletConnectSession => {
  let controller: Promise<WalletConnectController> | undefined
  let current: WalletConnectController | undefined
  const session: WalletConnectSession = {
    load() {
      controller ??= import('./controller.js').then(({ WalletConnectController }) => {
        const options = portico.options.walletConnect
        if (!options) throw new TypeError('WalletConnect is off for this instance')
        current = new WalletConnectController(portico, options)
        return current
      })
      return controller
    },
    loaded: () => current,
    prepare: () =>
      session.load().then(
        (wc) => wc.prepare(),
        // The chunk failed to arrive (offline, a deploy replaced it): connecting will say so.
        () => {},
      ),
  }
  return session
})

/**
 * @internal
 * The WalletConnect session of `portico`: one controller (one sign client, one session) shared by
 * the connector of every namespace, and by `prepareWalletConnect`.
 *
 * @example
 * const client = await (await walletConnectSession(portico).load()).client()
 */
export function walletConnectSession(portico: Portico): WalletConnectSession {
  return featureState(portico, sessionState)
}
