import { useEffect, useState } from 'react'
import { allowedImageSource } from './imageSource.js'
import * as css from './primitives.css.js'
import { useImageOrigins } from './useImageOrigins.js'

/** Spec: image preload times out after 2 s. */
export const imagePreloadTimeoutMs = 2_000

type LoadState = 'loading' | 'loaded' | 'fallback'

/**
 * @internal
 * An icon from untrusted data (the wallet directory, a wallet's own announcement, a host's
 * network list). Only data:image URIs and, inside `<PorticoProvider>`, http(s) URLs on the configured
 * image hosts are used (see `allowedImageSource`); the image is preloaded and shown only
 * if it loads within 2 s; otherwise (or on error) the kit's own mark for the thing stands in
 * when it knows one (`mark`), and a glyph with the name's initial when it does not. It is always
 * an `<img>`: SVG served as an image cannot run script.
 */
export function PorticoImage({
  src,
  mark,
  name,
  size = 40,
  radius = 'md',
}: {
  src?: string | undefined
  /**
   * The mark the kit draws itself (a `data:` URI from `marks.ts`), shown at once when there is no
   * `src` and when `src` does not load; `''` while the marks' module is still on its way (see
   * `useLazyMark`), so the box stays blank instead of flashing a letter.
   */
  mark?: string | undefined
  name: string
  size?: number
  radius?: 'md' | 'full'
}) {
  const safe = allowedImageSource(src, useImageOrigins())
  // How a preload ended, with the source it was for: given another source (a list row that now
  // shows another wallet), the image starts over at once, in that render, and never shows the
  // previous source's state or an image that has not been preloaded.
  const [loaded, setLoaded] = useState<{ src: string; state: LoadState }>()
  const state: LoadState = loaded && loaded.src === safe ? loaded.state : safe ? 'loading' : 'fallback'

  useEffect(() => {
    if (!safe) return
    let done = false
    const img = new Image()
    const finish = (next: LoadState) => {
      if (done) return
      done = true
      clearTimeout(timer)
      setLoaded({ src: safe, state: next })
    }
    const timer = setTimeout(() => finish('fallback'), imagePreloadTimeoutMs)
    img.onload = () => finish('loaded')
    img.onerror = () => finish('fallback')
    img.src = safe
    return () => {
      done = true
      clearTimeout(timer)
      img.onload = null
      img.onerror = null
    }
  }, [safe])

  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?'
  // The source shown: the preloaded image, else the kit's mark (its own data: URI, nothing to wait
  // for), else nothing (the letter, or a blank box while either is still loading).
  const shown = state === 'loaded' ? safe : state === 'fallback' ? mark : undefined
  const blank = state === 'loading' || (state === 'fallback' && mark === '')
  return (
    <span
      className={css.imageBox}
      data-state={shown ? 'loaded' : blank ? 'loading' : 'fallback'}
      style={{
        width: size,
        height: size,
        borderRadius: radius === 'full' ? '50%' : Math.round(size * 0.28),
        fontSize: Math.round(size * 0.42),
      }}
    >
      {shown ? (
        <img
          className={css.image}
          src={shown}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          draggable={false}
        />
      ) : (
        <span aria-hidden="true">{blank ? '' : initial}</span>
      )}
    </span>
  )
}
