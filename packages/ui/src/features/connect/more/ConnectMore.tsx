import { useFeatureMessages } from '../../../i18n/useFeatureMessages.js'
import { connectMoreMessages } from './messages.js'
import * as styles from './more.css.js'

/** @internal The collapsed wallets row's label (`collapseWallets`), once its text is loaded. */
export function ContinueWithWalletLabel() {
  return <>{useFeatureMessages(connectMoreMessages)?.continueWithWallet}</>
}

/** @internal The branding line under the Connect view (`reownBranding`), once its text is loaded. */
export function BrandingLine() {
  const text = useFeatureMessages(connectMoreMessages)
  return text ? (
    <p className={styles.branding} data-slot="branding">
      {text.poweredBy('Portico')}
    </p>
  ) : null
}
