import { useConnection, usePortico } from '@portico/headless'
import { useLazy } from './lazy.js'
import type { WatcherSlot } from './viewSlot.js'
import { watchers } from './views.js'

/** @internal Beside the modal in `<PorticoUI>`: the watchers of the features that apply (see `watchers`). */
export function FeatureWatchers() {
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
