import { useEmbeddedWallet, useSmartAccount } from '@portico/headless/embedded/react'
import { PartPending } from '../../components/PartPending.js'
import { button } from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { preloadView } from '../../modal/views.js'
import * as css from './embedded.css.js'
import { useInitFailure } from './initFailure.js'
import { embeddedMessages } from './messages.js'
import { socialName } from './socialNames.js'

/**
 * @internal
 * The Account view's row for an email login: the address the wallet belongs to and "Change"
 * (UpdateEmailWallet); for a social or Farcaster login, the provider and the username it gave. Also handles a frame that cannot start (the spec's init failure); the
 * frame's prompts are tied to the modal by `EmbeddedWatchSlot`.
 */
export function EmbeddedAccountRow() {
  return (
    <>
      <EmbeddedIdentityRow />
      <AccountTypeRow />
    </>
  )
}

/**
 * The account type on networks with a smart account (the host configured a bundler there) and the
 * switch: to the smart account only from the EOA (the spec), back to the EOA from the smart account.
 * On the EOA, the EIP-7702 upgrade is offered beside it (the secure frame explains it and asks);
 * an upgraded EOA says so and offers the undo.
 */
function AccountTypeRow() {
  const text = useFeatureMessages(embeddedMessages)
  const { isEmbedded, status, setPreferredAccountType, upgradeAccount, undoAccountUpgrade } = useSmartAccount()
  const data = status.data
  if (!isEmbedded) return null
  // The rows (and the switch under the identity row) arrive with the status: pending until then.
  if (!text || status.isLoading) return <PartPending />
  if (!data?.enabled) return null
  const isSmart = data.type === 'smartAccount'
  const offer = data.canSwitchToSmartAccount ? 'smartAccount' : isSmart ? 'eoa' : undefined
  // A rejection in the frame is the user's own answer: only another failure is said here.
  const upgradeFailed = upgradeAccount.isError && upgradeAccount.error.name !== 'AccountUpgradeRejectedError'
  const undoFailed = undoAccountUpgrade.isError && undoAccountUpgrade.error.name !== 'AccountUpgradeRejectedError'
  return (
    <>
      <div className={css.accountTypeRow} data-slot="account-type" data-type={data.type} data-upgraded={data.upgraded}>
        <span className={views.muted}>{text.accountType}</span>
        <span className={css.accountTypeValue} data-slot="account-type-value">
          {isSmart ? text.accountTypeSmart : data.upgraded ? text.accountTypeUpgraded : text.accountTypeEoa}
        </span>
        {offer ? (
          <button
            type="button"
            className={`${button({ variant: 'secondary', size: 'sm' })} ${css.accountTypeSwitch}`}
            disabled={setPreferredAccountType.isPending}
            onClick={() => setPreferredAccountType.mutate({ type: offer })}
            data-slot="account-type-switch"
          >
            {offer === 'smartAccount' ? text.switchToSmartAccount : text.switchToEoa}
          </button>
        ) : null}
      </div>
      {data.canUpgrade ? (
        <div className={css.emailRow} data-slot="account-upgrade">
          <span className={`${views.muted} ${css.emailAddress}`}>{text.upgradeAccountHint}</span>
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            disabled={upgradeAccount.isPending}
            onClick={() => upgradeAccount.mutate()}
            data-slot="account-upgrade-button"
          >
            {text.upgradeAccount}
          </button>
        </div>
      ) : null}
      {data.upgraded && !isSmart ? (
        <div className={css.emailRow} data-slot="account-upgrade-undo">
          <span className={`${views.muted} ${css.emailAddress}`}>{text.undoUpgradeHint}</span>
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            disabled={undoAccountUpgrade.isPending}
            onClick={() => undoAccountUpgrade.mutate()}
            data-slot="account-upgrade-undo-button"
          >
            {text.undoUpgrade}
          </button>
        </div>
      ) : null}
      {upgradeFailed || undoFailed ? (
        <p className={css.error} role="alert" data-slot="account-upgrade-error">
          {/* What failed in the user's language, then why in the kit's words (a bundler that did
              not answer, a network that cannot take it), as the Send view says a failed send. */}
          {`${upgradeFailed ? text.upgradeAccountFailed : text.undoUpgradeFailed}: ${
            (upgradeFailed ? upgradeAccount.error : undoAccountUpgrade.error)?.shortMessage
          }`}
        </p>
      ) : null}
    </>
  )
}

function EmbeddedIdentityRow() {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('EmbeddedAccountRow')
  const { isEmbedded, user } = useEmbeddedWallet()
  useInitFailure(user.error, text)
  if (!isEmbedded) return null
  // The row's own first answer: it keeps the row's stand-in while its text loads.
  if (!text) return <PartPending holdPlace />
  const provider = typeof user.data?.socialProvider === 'string' ? user.data.socialProvider : undefined
  if (provider) {
    const userName = typeof user.data?.userName === 'string' ? user.data.userName : undefined
    return (
      <div className={css.emailRow} data-slot="account-social" data-provider={provider}>
        <span className={views.muted}>{text.accountSocial(socialName(provider))}</span>
        <span className={css.emailAddress} data-slot="account-social-user">
          {userName ?? user.data?.email ?? ''}
        </span>
      </div>
    )
  }
  return (
    <div className={css.emailRow} data-slot="account-email">
      <span className={views.muted}>{text.accountEmail}</span>
      <span className={css.emailAddress} data-slot="account-email-address">
        {user.data?.email ?? '…'}
      </span>
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'sm' })}
        onPointerEnter={() => preloadView(modal.table, 'UpdateEmailWallet').catch(() => {})}
        onFocus={() => preloadView(modal.table, 'UpdateEmailWallet').catch(() => {})}
        onClick={() => modal.push({ view: 'UpdateEmailWallet' })}
        aria-label={text.updateEmailTitle}
        data-slot="account-change-email"
      >
        {text.accountChangeEmail}
      </button>
    </div>
  )
}
