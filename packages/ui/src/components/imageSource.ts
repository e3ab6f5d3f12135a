import { getConnectors, isSafeImageUrl, type Portico, watchConnectors } from '@portico/headless'

const unprintable = /[\p{Cc}\p{Cf}]/u

/**
 * @internal
 * The origins a Portico instance may load remote images from: its configured directory and
 * blockchain API hosts (the image host), plus the hosts of the icons the host app configured itself
 * (its networks, its custom wallets and its own `EXTERNAL` connectors). Nothing a wallet, a directory entry or an API
 * response says can add to this list. Returns a reader that builds the set once until the
 * instance's connectors change, not per image: every icon that mounts asks (each row scrolled into
 * All Wallets), and building it sorts the connectors and parses a URL per source (~35 ms of main
 * thread per scroll pass at 4x CPU throttling). `<PorticoUI>` holds one reader per instance.
 *
 * @example
 * const origins = imageOrigins(portico)
 * origins() // Set { 'https://api.portico.dev', 'https://rpc.portico.dev' }
 */
export function imageOrigins(portico: Portico): () => ReadonlySet<string> {
  let origins: ReadonlySet<string> | undefined
  return () => {
    if (!origins) {
      origins = buildImageOrigins(portico)
      const stop = watchConnectors(portico, {
        onChange() {
          origins = undefined
          stop()
        },
      })
    }
    return origins
  }
}

function buildImageOrigins(portico: Portico): ReadonlySet<string> {
  const origins = new Set<string>()
  const add = (value: string | undefined) => {
    if (!value) return
    try {
      origins.add(new URL(value).origin)
    } catch {}
  }
  add(portico.options.apiUrls.api)
  add(portico.options.apiUrls.blockchain)
  for (const network of portico.networks) add(network.assets?.imageUrl)
  for (const wallet of portico.options.customWallets) add(wallet.image_url)
  for (const connector of getConnectors(portico)) if (connector.type === 'EXTERNAL') add(connector.imageUrl)
  return origins
}

/**
 * @internal
 * `src` when it may be loaded as an image: a data:image URI of a type the kit's one image rule takes
 * (`isSafeImageUrl`: raster and SVG, which an `<img>` never runs script from), or an
 * http(s) URL without credentials whose origin is in `origins` (any origin when `origins` is
 * undefined: a `PorticoImage` rendered outside `<PorticoProvider>`, with host-supplied sources).
 * Anything else is undefined, so the UI shows its placeholder and the page never fetches a host a
 * wallet or API response chose (a tracking pixel with the page as referer).
 *
 * @example
 * allowedImageSource('https://tracker.example/p.png', new Set(['https://api.portico.dev'])) // undefined
 */
export function allowedImageSource(src: unknown, origins: ReadonlySet<string> | undefined): string | undefined {
  if (typeof src !== 'string' || src.length > 200_000 || unprintable.test(src)) return undefined
  // Inline images follow the kit's one image rule, by which the options accept a custom wallet's
  // icon, so an icon the options took is never drawn as the placeholder. Only `data:` goes to it:
  // the rule also takes any http(s) URL, which the checks below hold to the allowed origins.
  if (/^data:/i.test(src)) return isSafeImageUrl(src) ? src : undefined
  if (!/^https?:\/\//i.test(src)) return undefined
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return undefined
  }
  // `https://trusted@tracker.example/` is refused outright, not resolved to the host after `@`.
  const authority = src.replace(/^https?:\/\//i, '').split(/[/?#]/, 1)[0] ?? ''
  if (url.username || url.password || authority.includes('@')) return undefined
  if (origins && !origins.has(url.origin)) return undefined
  return src
}
