// The header's network button is on the page before any click, and the marks the kit draws
// (marks.ts, 1.15 KiB gzip of SVG text) would be the only reason for it to carry them: imported
// there, the prebuilt page start measured 133.67 KiB gzip; asked for after the button is on screen,
// through this module, 132.93 (from 132.80 without a mark; pageStart.test.ts). The views that open
// later import marks.ts as usual (the same chunk, loaded once).

import { useEffect, useState } from 'react'

type Marks = typeof import('./marks.js')

/**
 * @internal
 * A mark picked from the kit's marks once their module has loaded (a module already loaded
 * answers in the next microtask): `''` until then, which `PorticoImage` shows as a blank box
 * rather than a letter the mark replaces a moment later; undefined when there is none, or when the
 * module could not load (a deploy swapped the files: the letter stays, the button works).
 *
 * @example
 * const mark = useLazyMark((marks) => marks.networkMark(network))
 * <PorticoImage src={network.assets?.imageUrl} mark={mark} name={network.name} />
 */
export function useLazyMark(pick: (marks: Marks) => string | undefined): string | undefined {
  const [marks, setMarks] = useState<Marks | null>()
  useEffect(() => {
    import('./marks.js').then(setMarks, () => setMarks(null))
  }, [])
  return marks === undefined ? '' : marks ? pick(marks) : undefined
}
