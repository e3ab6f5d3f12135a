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
 * if it loads within 2 s; otherwise (or on error) a glyph with the name's initial stands in.
 * It is always an `<img>`: SVG served as an image cannot run script.
 */
export function PorticoImage({
  src,
  name,
  size = 40,
  radius = 'md',
}: {
  src?: string | undefined
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
  return (
    <span
      className={css.imageBox}
      data-state={state}
      style={{
        width: size,
        height: size,
        borderRadius: radius === 'full' ? '50%' : Math.round(size * 0.28),
        fontSize: Math.round(size * 0.42),
      }}
    >
      {state === 'loaded' && safe ? (
        <img
          className={css.image}
          src={safe}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          draggable={false}
        />
      ) : (
        <span aria-hidden="true">{state === 'loading' ? '' : initial}</span>
      )}
    </span>
  )
}
