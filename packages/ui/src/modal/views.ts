import type { Portico } from '@portico/headless'
import type { AccountViewEntry } from '../features/account/views.js'
import { accountViews } from '../features/account/views.js'
import { type ConnectViewEntry, connectViews } from '../features/connect/views.js'
import { type EmbeddedViewEntry, embeddedViews, embeddedWatcher } from '../features/embedded/views.js'
import { type NetworksViewEntry, networksViews } from '../features/networks/views.js'
import { type OnRampViewEntry, onRampViews } from '../features/onramp/views.js'
import { type SendViewEntry, sendViews } from '../features/send/views.js'
import { type SiwxViewEntry, siwxViews, siwxWatcher } from '../features/siwx/views.js'
import { type SwapViewEntry, swapViews } from '../features/swap/views.js'
import { type WalletConnectViewEntry, walletConnectViews } from '../features/walletconnect/views.js'
import type { Messages } from '../i18n/messages.js'
import { lazy, useLazy } from './lazy.js'
import type { ViewComponent, ViewSlot, ViewSlots, WatcherSlot } from './viewSlot.js'

// The modal's one table of views, made of each feature's own (features/<name>/views.ts: its view
// names, the data each is opened with, the chunk that draws it). The shell (dialog, header,
// history) imports no feature; a feature is reached only through this table, so its code loads
// when its view is first wanted.

/**
 * A view in the modal's history and the data it shows. Each view names its own data, so the
 * compiler carries it from the `push` to the view.
 */
export type ViewEntry =
  | ConnectViewEntry
  | WalletConnectViewEntry
  | AccountViewEntry
  | NetworksViewEntry
  | OnRampViewEntry
  | SwapViewEntry
  | SiwxViewEntry
  | SendViewEntry
  | EmbeddedViewEntry

/** Names of the modal's views. */
export type ViewName = ViewEntry['view']

/** Views that take no data (a host or a story may open them by name). */
export type PlainViewName = Exclude<ViewEntry, { data: unknown }>['view']

/** The entry of view `name`: its `view` and, for views that take data, its `data`. */
export type ViewEntryOf<name extends ViewName> = Extract<ViewEntry, { view: name }>

const views: ViewSlots<ViewEntry> = {
  ...connectViews,
  ...walletConnectViews,
  ...accountViews,
  ...networksViews,
  ...onRampViews,
  ...swapViews,
  ...siwxViews,
  ...sendViews,
  ...embeddedViews,
}

/** @internal Features that move the modal from their own state, outside any view (see FeatureWatchers). */
export const watchers: readonly WatcherSlot[] = [siwxWatcher, embeddedWatcher]

const modal = lazy(() => import('./Modal.js'))

// Any view's slot, for code that does not know which view it holds (the lookup by name cannot tie
// a slot's entry type to its name).
const slotOf = (name: ViewName) => views[name] as ViewSlot<ViewEntry>

/** @internal Starts loading a view's chunk; safe to call often. */
export function preloadView(name: ViewName): Promise<ViewComponent<ViewEntry>> {
  return slotOf(name).chunk.load()
}

/**
 * @internal
 * Starts loading the modal chunk and the view it will open on (Connect unless told otherwise), in
 * parallel; safe to call often.
 */
export function preloadModal(view: ViewName = 'Connect'): Promise<typeof import('./Modal.js')> {
  preloadView(view).catch(() => {})
  return modal.load()
}

/** @internal The modal module once loaded (loading it while `enabled`), else undefined. */
export function useModalModule(enabled: boolean): typeof import('./Modal.js') | undefined {
  return useLazy(modal, enabled) ?? undefined
}

/** @internal A view's component once loaded (loading it now if needed), else undefined. */
export function useView(name: ViewName): ViewComponent<ViewEntry> | undefined {
  return useLazy(slotOf(name).chunk) ?? undefined
}

/** @internal The header's title for `entry` from the page-start catalogue, if its view has one. */
export function viewTitle(entry: ViewEntry, text: Messages, portico: Portico): string | undefined {
  return slotOf(entry.view).title?.(text, entry, portico)
}
