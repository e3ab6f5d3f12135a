import type { ModalController } from './controller.js'

/**
 * @internal
 * Where the modal goes once a wallet connected from one of its views: nowhere while the sign-in
 * step shows (it opened first and comes next), back to the ProfileWallets list when the wallet was
 * added or logged in again from there (the list then shows it), else `otherwise` (the Account
 * view, or closing). Nowhere either once the user has closed the modal.
 *
 * @example
 * afterConnected(modal, () => modal.open({ view: 'Account' }))
 */
export function afterConnected(modal: ModalController, otherwise: () => void): void {
  // The user closed the modal while the wallet was still finishing (a login's last steps): it
  // stays closed, connected.
  if (!modal.isOpen()) return
  const { history } = modal.navigation.get()
  if (history.at(-1)?.view === 'SIWXSignMessage') return
  const list = history.findIndex((entry) => entry.view === 'ProfileWallets')
  if (list < 0) otherwise()
  else for (let i = history.length - 1; i > list; i--) modal.navigation.back()
}
