import { type DirectoryWallet, usePortico, useWalletDirectory, walletImageUrl } from '@portico/headless'
import { walletConnectLinks } from '@portico/headless/walletconnect'
import { useEffect, useMemo, useRef } from 'react'
import { PorticoImage } from '../../components/PorticoImage.js'
import { usePorticoUI } from '../../context.js'
import type { ViewEntryOf } from '../../modal/views.js'
import { useCoarsePointer, usePhone } from './phone.js'
import { useWalletConnectSession, WalletConnectPanel } from './WalletConnectPanel.js'

/**
 * @internal
 * WalletConnect for one directory wallet (`data: { wallet }`): its icon in the QR code, Copy link,
 * Open desktop app and Open web app when the directory has safe links, and on touch devices the
 * wallet's mobile deep link first (opened once on arrival when it is an app scheme). On a phone
 * there is no QR code: Open {wallet} and Copy link, or for a wallet without a safe mobile link
 * Open wallet app (the plain `wc:` link, which the phone hands to an installed wallet) and Copy link.
 */
export function ConnectingWalletConnectView({ data }: ViewEntryOf<'ConnectingWalletConnect'>) {
  usePorticoUI('ConnectingWalletConnectView')
  const { portico } = usePortico('ConnectingWalletConnectView')
  const picked = data.wallet
  // A recent wallet is remembered without its links: the directory has them.
  const needsLinks = Boolean(picked && !picked.mobile_link && !picked.desktop_link && !picked.webapp_link)
  const lookup = useWalletDirectory({ include: picked ? [picked.id] : [], enabled: needsLinks })
  const wallet: DirectoryWallet | undefined = useMemo(() => {
    const found = lookup.data?.pages[0]?.data.find((w) => w.id === picked?.id)
    return picked && found ? { ...found, ...picked, ...pickLinks(found) } : picked
  }, [picked, lookup.data])

  const session = useWalletConnectSession(
    wallet ? { id: wallet.id, name: wallet.name, ...(wallet.image_id ? { imageId: wallet.image_id } : {}) } : undefined,
  )
  const links = useMemo(() => (session.uri ? walletConnectLinks(wallet, session.uri) : {}), [wallet, session.uri])
  const mobile = useCoarsePointer()
  // On a phone its QR code cannot be scanned: the phone layout, whether or not the wallet has a
  // mobile link (without one, the phone hands the plain `wc:` link to an installed wallet).
  const phone = usePhone()

  // On a phone, hand the pairing to the wallet app once per visit. Only app schemes: a universal
  // link opened without a tap would be a blocked pop-up or would navigate the dapp away.
  const opened = useRef(false)
  useEffect(() => {
    if (!mobile || opened.current || !links.mobile || /^https?:/.test(links.mobile)) return
    opened.current = true
    window.location.href = links.mobile
  }, [mobile, links.mobile])

  const name = wallet?.name ?? ''
  return (
    <WalletConnectPanel
      slot="connecting-walletconnect-view"
      state={session.state}
      uri={session.uri}
      walletName={name}
      logo={
        <PorticoImage
          src={wallet?.image_id ? walletImageUrl(portico, wallet.image_id) : wallet?.image_url}
          name={name || '?'}
        />
      }
      links={links}
      mobile={mobile}
      phone={phone}
      onRetry={session.retry}
    />
  )
}

const pickLinks = (wallet: DirectoryWallet) => ({
  mobile_link: wallet.mobile_link,
  desktop_link: wallet.desktop_link,
  webapp_link: wallet.webapp_link,
})
