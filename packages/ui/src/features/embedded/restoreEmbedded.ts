import type { Portico } from '@portico/headless'
import { reconnectEmbeddedWallet } from '@portico/headless/embedded'
import type { ModalStore } from '../../state/modalStore.js'
import type { EmbeddedText } from './messages.js'
import { watchEmbedded } from './watchEmbedded.js'

const restoring = new WeakMap<Portico, Promise<boolean>>()

/**
 * @internal
 * Restores an email login after a reload when the Connect view shows (the embedded wallet's code is
 * not part of the page, so the page-load reconnect cannot): the frame is asked whether its session
 * still holds; if so the account connects again without a code, the frame's prompts are tied to the
 * modal, and the modal moves on to the Account view. Once per instance.
 */
export function restoreEmbedded(portico: Portico, store: ModalStore, text: EmbeddedText): Promise<boolean> {
  let pending = restoring.get(portico)
  if (!pending) {
    pending = reconnectEmbeddedWallet(portico).then(
      (restored) => {
        if (!restored) return false
        watchEmbedded(portico, store, text)
        const state = store.getState()
        if (state.open && state.history.at(-1)?.view === 'Connect') store.open({ view: 'Account' })
        return true
      },
      (error: unknown) => {
        console.warn('[portico] Could not restore the email login.', error)
        return false
      },
    )
    restoring.set(portico, pending)
  }
  return pending
}
