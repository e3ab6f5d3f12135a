import { truncateAddress, useNetwork, usePortico } from '@portico/headless'
import { useSiwx } from '@portico/headless/siwx/react'
import { Avatar } from '../../components/Avatar.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import { siwxMessages } from './messages.js'
import * as styles from './siwx.css.js'

/**
 * @internal
 * The spec's SIWXSignMessage view: the dapp (name and icon) asks the connected account to sign
 * in. Sign asks the wallet ('Authenticating...' meanwhile); a rejection or failure is shown with
 * a retry; Cancel follows the spec's rule (required: back to a signed-in network or disconnect;
 * optional: close). The sign-in watcher opens it and closes it when the step ends.
 */
export function SIWXSignMessageView() {
  const text = useFeatureMessages(siwxMessages)
  const { portico } = usePortico('SIWXSignMessageView')
  const siwx = useSiwx()
  const { network } = useNetwork()
  if (!text) return <ViewLoading />
  const metadata = portico.options.metadata
  const app = metadata?.name ?? (typeof location === 'undefined' ? '' : location.host)
  const signing = siwx.step === 'signing'
  const failed = siwx.step === 'failed'
  const rejected = siwx.error?.name === 'UserRejectedRequestError'
  // The state: idle before asking, connecting while the wallet is asked, rejected/error after.
  const state = signing ? 'connecting' : failed ? (rejected ? 'rejected' : 'error') : 'idle'
  return (
    <div data-slot="siwx-view" data-state={state}>
      <div className={views.center}>
        <div className={styles.pair} aria-hidden="true">
          <PorticoImage src={metadata?.icons[0]} name={app} size={56} radius="md" />
          <div className={views.walletRing} data-state={state}>
            <Avatar address={siwx.address ?? ''} size={56} />
          </div>
        </div>
        <p className={views.headline} data-slot="siwx-title">
          {text.siwxTitle(app)}
        </p>
        <p className={views.muted}>{text.siwxBody}</p>
        {siwx.address ? (
          <p className={styles.account} data-slot="siwx-account">
            {text.siwxAccount(truncateAddress(siwx.address), network.name)}
          </p>
        ) : null}
        {siwx.required ? (
          <p className={views.muted} data-slot="siwx-required">
            {text.siwxRequired}
          </p>
        ) : null}
        {failed ? (
          <p className={views.danger} role="alert" data-slot="siwx-error">
            <Icon name="warning" size={16} /> {rejected ? text.siwxRejected : text.siwxFailed}
          </p>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <button
          type="button"
          className={css.button({ variant: 'secondary', size: 'lg' })}
          disabled={signing}
          onClick={() => void siwx.cancel().catch(() => {})}
          data-slot="siwx-cancel"
        >
          {text.siwxCancel}
        </button>
        <button
          type="button"
          className={css.button({ variant: 'primary', size: 'lg' })}
          disabled={signing}
          aria-busy={signing}
          onClick={() => void siwx.signIn().catch(() => {})}
          data-slot="siwx-sign"
        >
          {signing ? <Spinner size={16} /> : null}
          {signing ? text.siwxAuthenticating : failed ? text.siwxRetry : text.siwxSign}
        </button>
      </div>
    </div>
  )
}
