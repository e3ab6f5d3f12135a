import { useConnections } from '@portico/headless/wallets/react'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { walletsMessages } from './messages.js'

/**
 * @internal The Account view's "Connected wallets": opens ProfileWallets. Reading the list starts
 * it here, before the user can add a second wallet (adding is in ProfileWallets).
 */
export function WalletsButton() {
  const { modal } = usePorticoUI('WalletsButton')
  useConnections()
  const text = useFeatureMessages(walletsMessages)
  if (!text) return <PartPending holdPlace />
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => modal.push({ view: 'ProfileWallets' })}
      data-slot="open-wallets"
    >
      {text.walletsOpen}
    </button>
  )
}
