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
 * if it loads within 2 s; otherwise (or on error) the caller's `fallbackSrc` (a mark the kit
 * knows, such as a network's native currency) does, and without one a glyph with the name's initial.
 * It is always an `<img>`: SVG served as an image cannot run script.
 *
 * @example
 * <PorticoImage src={network.assets?.imageUrl} fallbackSrc={networkMark(network)} name={network.name} radius="full" />
 */
export function PorticoImage({
  src,
  fallbackSrc,
  name,
  size = 40,
  radius = 'md',
}: {
  src?: string | undefined
  /** Shown when there is no `src`, or it does not load; the initial only when neither does. */
  fallbackSrc?: string | undefined
  name: string
  size?: number
  radius?: 'md' | 'full'
}) {
  const origins = useImageOrigins()
  const safe = allowedImageSource(src, origins)
  const safeFallback = allowedImageSource(fallbackSrc, origins)
  // The source that did not load, when a fallback source can stand in for it.
  const [failed, setFailed] = useState<string>()
  const target = safe && safe !== failed ? safe : safeFallback
  // How a preload ended, with the source it was for: given another source (a list row that now
  // shows another wallet), the image starts over at once, in that render, and never shows the
  // previous source's state or an image that has not been preloaded.
  const [loaded, setLoaded] = useState<{ src: string; state: LoadState }>()
  const state: LoadState = loaded && loaded.src === target ? loaded.state : target ? 'loading' : 'fallback'

  useEffect(() => {
    if (!target) return
    let done = false
    const img = new Image()
    const finish = (next: LoadState) => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (next === 'fallback' && target === safe && safeFallback && safeFallback !== safe) setFailed(safe)
      else setLoaded({ src: target, state: next })
    }
    const timer = setTimeout(() => finish('fallback'), imagePreloadTimeoutMs)
    img.onload = () => finish('loaded')
    img.onerror = () => finish('fallback')
    img.src = target
    return () => {
      done = true
      clearTimeout(timer)
      img.onload = null
      img.onerror = null
    }
  }, [target, safe, safeFallback])

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
      {state === 'loaded' && target ? (
        <img
          className={css.image}
          src={target}
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
