import { type ViewSlots, viewSlot, watcherSlot } from '../../modal/viewSlot.js'

/** The sign-in feature's view: the connected account has no session on its network (spec: SIWXSignMessage). */
export type SiwxViewEntry = { view: 'SIWXSignMessage' }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    siwx: SiwxViewEntry
  }
}

/** @internal The sign-in feature's slot in the modal's view table. */
export const siwxViews: ViewSlots<SiwxViewEntry> = {
  // Titled with the app's name, when the host gave one.
  SIWXSignMessage: viewSlot(
    () => import('./SIWXSignMessageView.js').then((m) => m.SIWXSignMessageView),
    (text, _, portico) => portico.options.metadata?.name || text.titleConnect,
  ),
}

/**
 * @internal Sign-in opens the modal to ask for a signature after a connection, when the host set
 * it up.
 */
export const siwxWatcher = watcherSlot(
  () => import('./watchSiwx.js').then((m) => m.SiwxWatch),
  'the sign-in watcher',
  (portico) => Boolean(portico.options.siwx),
)
