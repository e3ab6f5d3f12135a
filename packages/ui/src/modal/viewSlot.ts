import type { Portico, UseConnectionReturnType } from '@portico/headless'
import type { ComponentType } from 'react'
import type { FeatureMessages } from '../i18n/featureMessages.js'
import type { Messages } from '../i18n/messages.js'
import { type Lazy, lazy } from './lazy.js'

/**
 * @internal What a feature view's component carries (as a static `featureTitle`) so the modal's
 * header can title it in the page's language without bundling the feature's text.
 */
// biome-ignore lint/suspicious/noExplicitAny: a view's own entry (the header passes the shown one).
export type FeatureTitle<entry = any> = {
  // biome-ignore lint/suspicious/noExplicitAny: any feature's catalogue; `title` reads its own keys.
  messages: FeatureMessages<any>
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  title(catalogue: any, entry: entry): string
}

/**
 * A view component: it renders its own history entry (`{ view, data }`), so it receives the data
 * its entry type names.
 */
export type ViewComponent<entry> = ComponentType<entry> & {
  /** A feature view's title, from its own catalogue (see {@link FeatureTitle}). */
  featureTitle?: FeatureTitle<entry> | undefined
}

/** How the header titles a view from the page-start catalogue (else the view's `featureTitle`). */
export type ViewTitle<entry> = (text: Messages, entry: entry, portico: Portico) => string

/** What a feature gives the modal for one of its views: the chunk that draws it, and its title. */
export type ViewSlot<entry> = {
  readonly chunk: Lazy<ViewComponent<entry>>
  readonly title?: ViewTitle<entry> | undefined
}

/** A feature's views: one slot per view name of its entry union, each checked against its own entry. */
export type ViewSlots<entry extends { view: string }> = {
  readonly [name in entry['view']]: ViewSlot<Extract<entry, { view: name }>>
}

/**
 * @internal
 * A feature's view for the modal's table: `load` imports the view's module (a chunk of its own,
 * fetched when the view is first wanted), `title` reads its header from the page-start catalogue.
 *
 * @example
 * export const networksViews: ViewSlots<NetworksViewEntry> = {
 *   Networks: viewSlot(() => import('./NetworksView.js').then((m) => m.NetworksView), (text) => text.titleNetworks),
 * }
 */
export function viewSlot<entry>(load: () => Promise<ViewComponent<entry>>, title?: ViewTitle<entry>): ViewSlot<entry> {
  return { chunk: lazy(load), title }
}

/**
 * What a feature that moves the modal from its own state, outside any view, gives the modal: its
 * watcher's chunk (a component rendering nothing) and when it applies. Its code loads only once it
 * applies, so other pages pay nothing for it.
 */
export type WatcherSlot = {
  readonly chunk: Lazy<ComponentType>
  /** Names the watcher in the warning when its chunk cannot load. */
  readonly what: string
  applies(portico: Portico, connection: UseConnectionReturnType): boolean
}

/**
 * @internal A feature's watcher for the modal (see {@link WatcherSlot}).
 *
 * @example
 * export const siwxWatcher = watcherSlot(() => import('./watchSiwx.js').then((m) => m.SiwxWatch), 'the sign-in watcher', (portico) => Boolean(portico.options.siwx))
 */
export function watcherSlot(
  load: () => Promise<ComponentType>,
  what: string,
  applies: WatcherSlot['applies'],
): WatcherSlot {
  return { chunk: lazy(load), what, applies }
}
