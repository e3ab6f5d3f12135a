import type { Portico } from '@portico/headless'
import type { Messages } from '../i18n/messages.js'
import { useLazy } from './lazy.js'
import type { ViewEntry, ViewName, ViewTable } from './viewRegistry.js'
import type { ViewComponent, ViewSlot } from './viewSlot.js'

// The shell's reach into the modal's table of views. The table itself is composed at the top
// (`features/index.ts`) and handed down through the controller (`modal.table`): the shell (dialog,
// header, history) imports no feature, so a feature is reached only through the table and its code
// loads when its view is first wanted.

export type { PlainViewName, ViewEntry, ViewEntryOf, ViewName, ViewTable } from './viewRegistry.js'

// Any view's slot, for code that does not know which view it holds (the lookup by name cannot tie
// a slot's entry type to its name).
const slotOf = (table: ViewTable, name: ViewName) => table.views[name] as ViewSlot<ViewEntry>

/** @internal Starts loading a view's chunk; safe to call often. */
export function preloadView(table: ViewTable, name: ViewName): Promise<ViewComponent<ViewEntry>> {
  return slotOf(table, name).chunk.load()
}

/**
 * @internal A view's component once loaded (loading it now if needed), else undefined; `null` when
 * its code could not load (warned about). A new `attempt` fetches it again.
 */
export function useView(table: ViewTable, name: ViewName, attempt = 0): ViewComponent<ViewEntry> | null | undefined {
  // The failure belongs to this view's attempt: another view the frame moves to shows as loading.
  return useLazy(slotOf(table, name).chunk, true, `the ${name} view`, `${name}:${attempt}`)
}

/** @internal The header's title for `entry` from the page-start catalogue, if its view has one. */
export function viewTitle(table: ViewTable, entry: ViewEntry, text: Messages, portico: Portico): string | undefined {
  return slotOf(table, entry.view).title?.(text, entry, portico)
}
