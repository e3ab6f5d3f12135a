import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The names feature's views (titled from its own catalogue, see each view's `featureTitle`). */
export type NamesViewEntry =
  /** Registering a name for the connected account (spec: RegisterAccountName). */
  | { view: 'RegisterAccountName' }
  /** The name was registered (spec: RegisterAccountNameSuccess). */
  | { view: 'RegisterAccountNameSuccess'; data: RegisterAccountNameSuccessData }

/** What the success view shows. */
export type RegisterAccountNameSuccessData = {
  /** The registered name with its suffix, e.g. `alice.reown.id`. */
  name: string
}

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    names: NamesViewEntry
  }
}

/** @internal The names feature's slots in the modal's view table. */
export const namesViews: ViewSlots<NamesViewEntry> = {
  RegisterAccountName: viewSlot(() => import('./RegisterAccountNameView.js').then((m) => m.RegisterAccountNameView)),
  RegisterAccountNameSuccess: viewSlot(() =>
    import('./RegisterAccountNameSuccessView.js').then((m) => m.RegisterAccountNameSuccessView),
  ),
}
