import type { ViewSlots, WatcherSlot } from './viewSlot.js'

/**
 * @internal
 * The modal's registry of views, empty here: each feature adds its own entries from its
 * `features/<name>/views.ts` by declaration merging, one key per feature naming its entry union:
 *
 * @example
 * declare module '../../modal/viewRegistry.js' {
 *   interface ModalViews {
 *     send: SendViewEntry
 *   }
 * }
 *
 * The shell (dialog, header, history, controller) types its views from this registry, so it
 * imports no feature, not even a type: a feature knows the shell, the shell knows no feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' declaration merging.
export interface ModalViews {}

/**
 * A view in the modal's history and the data it shows. Each view names its own data, so the
 * compiler carries it from the `push` to the view.
 */
export type ViewEntry = ModalViews[keyof ModalViews]

/** Names of the modal's views. */
export type ViewName = ViewEntry['view']

/** Views that take no data (a host or a story may open them by name). */
export type PlainViewName = Exclude<ViewEntry, { data: unknown }>['view']

/** The entry of view `name`: its `view` and, for views that take data, its `data`. */
export type ViewEntryOf<name extends ViewName> = Extract<ViewEntry, { view: name }>

/**
 * @internal
 * The modal's table, composed once at the top (`features/index.ts`) and handed to the shell
 * through the modal controller: every view's slot, and the features' watchers.
 */
export type ViewTable = {
  readonly views: ViewSlots<ViewEntry>
  /** Features that move the modal from their own state, outside any view (see FeatureWatchers). */
  readonly watchers: readonly WatcherSlot[]
}
