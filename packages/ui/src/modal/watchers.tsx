import { useConnection, usePortico } from '@portico/headless'
import { usePorticoUI } from '../context.js'
import { useLazy } from './lazy.js'
import type { WatcherSlot } from './viewSlot.js'

/** @internal Beside the modal in `<PorticoUI>`: the watchers of the features that apply (the table's `watchers`). */
export function FeatureWatchers() {
  const { watchers } = usePorticoUI('FeatureWatchers').modal.table
  return (
    <>
      {watchers.map((watcher) => (
        <FeatureWatcher key={watcher.what} watcher={watcher} />
      ))}
    </>
  )
}

function FeatureWatcher({ watcher }: { watcher: WatcherSlot }) {
  const { portico } = usePortico('FeatureWatchers')
  const connection = useConnection()
  const Watcher = useLazy(watcher.chunk, watcher.applies(portico, connection), watcher.what)
  return Watcher ? <Watcher /> : null
}
