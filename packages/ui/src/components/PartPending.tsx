import { createContext, type ReactNode, useContext } from 'react'

/**
 * @internal
 * What a part of a view renders while its code, its text or its data is still on the way, where it
 * would otherwise render nothing and then appear: an invisible marker (`data-pending`) that says the
 * view is not whole yet. A part that arrives grows the view (and moves a centred dialog as a whole),
 * so a press already on its way can release on another spot and make no click; with the marker,
 * the view's own styles can hold a place (the wallet features' row stays hidden until every button
 * is in, then shows them at once) and a test, or a host's, waits until no part is pending before it
 * clicks (`isModalSettled`). A part that ends up showing nothing removes its marker.
 *
 * @example
 * const text = useFeatureMessages(swapMessages)
 * if (!text) return <PartPending holdPlace />
 * if (permissions.isLoading) return <PartPending />
 */
export function PartPending({ holdPlace = false }: { holdPlace?: boolean }) {
  const held = useContext(PartHeldContext)
  return (
    <>
      {holdPlace && held}
      <span hidden data-pending="" />
    </>
  )
}

const PartHeldContext = createContext<ReactNode>(null)

/**
 * @internal
 * Given by `LazyPart` to the part it loaded: the stand-in that held the part's place while its code
 * loaded. A part whose own first answer is "pending" (its text in another language is still on
 * the way) renders `<PartPending holdPlace />`, which keeps that stand-in, so the place does not
 * go with the code's arrival and come back with the text (the view would shrink, then grow).
 * Only the part's own first answer holds it: a row inside the part that waits says only pending.
 */
export const PartHeld = PartHeldContext.Provider
