import { useWatchEmbedded } from './watchEmbedded.js'

/** @internal Ties the secure frame's prompts and theme to the modal (see `EmbeddedWatchSlot`). */
export function EmbeddedWatch() {
  useWatchEmbedded(true)
  return null
}
