import { createContext, useContext } from 'react'

/** Spec: the modal shakes for 500 ms. */
export const shakeMs = 500

/** @internal Given by the modal's frame to the views in it (see {@link useShake}). */
export const ShakeContext = createContext<() => void>(() => {})

/**
 * @internal Shakes the modal (spec: 500 ms), e.g. when a wallet rejects: for the views in its frame.
 *
 * @example
 * const shake = useShake()
 * onError: () => shake()
 */
export function useShake(): () => void {
  return useContext(ShakeContext)
}
