import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The account feature's view: the connected account, its tokens and activity. */
export type AccountViewEntry = { view: 'Account' }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    account: AccountViewEntry
  }
}

/** @internal The account feature's slot in the modal's view table. */
export const accountViews: ViewSlots<AccountViewEntry> = {
  Account: viewSlot(
    () => import('./AccountView.js').then((m) => m.AccountView),
    (text) => text.titleAccount,
  ),
}
