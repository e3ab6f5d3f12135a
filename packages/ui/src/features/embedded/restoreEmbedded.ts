import type { Portico } from '@portico/headless'
import { reconnectEmbeddedWallet } from '@portico/headless/embedded'
import type { ModalController } from '../../modal/controller.js'
import type { EmbeddedText } from './messages.js'
import { watchEmbedded } from './watchEmbedded.js'

/** The modal's restore, once (a Connect view shown again must not ask the frame again). */
const restoring = () => ({ current: undefined as Promise<boolean> | undefined })

/**
 * @internal
 * Restores an email login after a reload when the Connect view shows (the embedded wallet's code is
 * not part of the page, so the page-load reconnect cannot): the frame is asked whether its session
 * still holds; if so the account connects again without a code, the frame's prompts are tied to the
 * modal, and the modal moves on to the Account view. Once per modal.
 */
export function restoreEmbedded(portico: Portico, modal: ModalController, text: EmbeddedText): Promise<boolean> {
  const slot = modal.local(restoring)
  if (!slot.current) {
    slot.current = reconnectEmbeddedWallet(portico).then(
      (restored) => {
        if (!restored) return false
        watchEmbedded(portico, modal, text)
        if (modal.isOpen() && modal.navigation.get().history.at(-1)?.view === 'Connect') modal.open({ view: 'Account' })
        return true
      },
      (error: unknown) => {
        console.warn('[portico] Could not restore the email login.', error)
        return false
      },
    )
  }
  return slot.current
}
