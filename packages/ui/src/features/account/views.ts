import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The account feature's view: the connected account, its tokens and activity. */
export type AccountViewEntry = { view: 'Account' }

/** @internal The account feature's slot in the modal's view table. */
export const accountViews: ViewSlots<AccountViewEntry> = {
  Account: viewSlot(
    () => import('./AccountView.js').then((m) => m.AccountView),
    (text) => text.titleAccount,
  ),
}
