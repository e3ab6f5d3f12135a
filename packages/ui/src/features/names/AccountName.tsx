import { useNamesForAddress } from '@portico/headless/names/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { allowedImageSource } from '../../components/imageSource.js'
import { useImageOrigins } from '../../components/useImageOrigins.js'

/**
 * @internal
 * What `AccountNameSlot` shows once this chunk has loaded: with `avatar` (a size) the
 * profile's picture, else its name. One entry keeps the page-start slot to one element.
 */
export function AccountName(props: { address: string | undefined; fallback: ReactNode; avatar?: number | undefined }) {
  return props.avatar ? <ProfileAvatar {...props} size={props.avatar} /> : <ProfileName {...props} />
}

/**
 * The account's profile name from the profile service's reverse lookup (cached 5 minutes, the
 * spec's lifetime; a registration refetches it), else `fallback` (while it loads, when there is
 * none, or when the lookup failed: a name is a nicety, the address is always right).
 */
function ProfileName({ address, fallback }: { address: string | undefined; fallback: ReactNode }) {
  const names = useNamesForAddress({ address })
  const name = names.data?.[0]?.name
  return name ? <span data-slot="profile-name">{name}</span> : fallback
}

/**
 * The picture of the account's profile (the first name's `avatar`, from the same cached reverse
 * lookup as {@link ProfileName}), else `fallback`, the generated avatar. The owner chose the URL,
 * so it loads only under the kit's image rule (a data:image URI or a configured image host, never
 * a tracker a name's owner picked), and shows once it has loaded: until then, and if it fails,
 * the generated one stays.
 */
function ProfileAvatar({
  address,
  size,
  fallback,
}: {
  address: string | undefined
  size: number
  fallback: ReactNode
}) {
  const names = useNamesForAddress({ address })
  const src = allowedImageSource(names.data?.[0]?.avatar, useImageOrigins())
  // How the image for `src` ended: another account's picture starts over, never shows this one's.
  const [ended, setEnded] = useState<{ src: string; loaded: boolean }>()
  const loaded = ended && ended.src === src ? ended.loaded : undefined
  const img = useRef<HTMLImageElement>(null)
  // An image the browser already holds (the button's, met again in the Account view) can finish
  // before React listens for its load: read how it ended once it is in the page.
  useEffect(() => {
    const element = img.current
    if (src && element?.complete) setEnded({ src, loaded: element.naturalWidth > 0 })
  }, [src])
  if (!src || loaded === false) return fallback
  return (
    <>
      {loaded ? null : fallback}
      <img
        ref={img}
        data-slot="profile-avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        // Out of the layout until it has loaded (the kit's base style would undo a `hidden`).
        style={{
          display: loaded ? 'block' : 'none',
          width: size,
          height: size,
          borderRadius: '50%',
          objectFit: 'cover',
          flexShrink: 0,
        }}
        referrerPolicy="no-referrer"
        draggable={false}
        onLoad={() => setEnded({ src, loaded: true })}
        onError={() => setEnded({ src, loaded: false })}
      />
    </>
  )
}
