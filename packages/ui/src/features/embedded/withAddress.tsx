import type { ReactNode } from 'react'
import * as css from './embedded.css.js'

/**
 * @internal
 * A message that names an email address, with the address kept whole: the translation places it
 * (its position differs by language), and the address is its own isolated run (`<bdi>`: left to
 * right inside Arabic text) that wraps to the next line as one piece.
 *
 * @example
 * <p>{withAddress(text.otpPrompt, 'ana-maria@example.com')}</p>
 */
export function withAddress(message: (address: string) => string, address: string): ReactNode {
  // A marker no translation contains stands in for the address, so the sentence splits around it.
  const marker = '\u0000'
  const [before = '', ...rest] = message(marker).split(marker)
  return (
    <>
      {before}
      <bdi className={css.address}>{address}</bdi>
      {rest.join(address)}
    </>
  )
}
