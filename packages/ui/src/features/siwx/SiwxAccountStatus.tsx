import { useSiwx } from '@portico/headless/siwx/react'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { siwxMessages } from './messages.js'
import * as styles from './siwx.css.js'

/**
 * @internal
 * The Account view's sign-in row: signed in (with Sign out) or not (with Sign in, which asks the
 * wallet at once). Shown only when the instance has a `siwx` option.
 */
export function SiwxAccountStatus() {
  const text = useFeatureMessages(siwxMessages)
  const siwx = useSiwx()
  if (!text) return <PartPending holdPlace />
  const signedIn = siwx.status === 'authenticated'
  return (
    <div className={styles.status} data-slot="siwx-status" data-state={signedIn ? 'signed-in' : 'signed-out'}>
      <span>{signedIn ? text.siwxSignedIn : text.siwxSignedOut}</span>
      <button
        type="button"
        className={css.button({ variant: 'secondary', size: 'sm' })}
        disabled={siwx.step === 'signing'}
        onClick={() => void (signedIn ? siwx.signOut() : siwx.signIn()).catch(() => {})}
        data-slot={signedIn ? 'siwx-sign-out' : 'siwx-sign-in'}
      >
        {siwx.step === 'signing' ? text.siwxAuthenticating : signedIn ? text.siwxSignOut : text.siwxSignIn}
      </button>
    </div>
  )
}
