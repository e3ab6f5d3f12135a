import { truncateAddress, useBalance, useConnection } from '@portico/headless'
import { useIdentity } from '@portico/headless/identity/react'
import { useEstimateSendFee, useSendToken } from '@portico/headless/send/react'
import { Avatar } from '../../components/Avatar.js'
import { tokenImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useShake } from '../../modal/shake.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { sendMessages } from './messages.js'
import * as send from './send.css.js'
import { feeText, sendFailureText, useSendForm, validateSendForm } from './sendForm.js'
import { useReceiver } from './useReceiver.js'

/**
 * @internal The send's summary (amount, receiver, network, fee), then the wallet prompt with the
 * waiting, rejected and error states. Success shows a toast, resets the send and returns to
 * Account (spec).
 */
export function SendPreviewView() {
  const { modal } = usePorticoUI('SendPreviewView')
  const toasts = useToasts()
  const shake = useShake()
  const text = useFeatureMessages(sendMessages)
  const format = useFormat()
  const connection = useConnection()
  const balance = useBalance()
  const form = useSendForm()
  const token = form.token?.chainId === connection.caipNetworkId ? form.token : undefined
  // The address reviewed is the address sent to: a name resolves through the same cached lookup.
  const resolved = useReceiver(form.receiver)
  const receiver = resolved.address
  const amount = form.amount.trim()
  const problem = validateSendForm(form, connection.namespace, resolved)
  const fee = useEstimateSendFee({
    token,
    amount,
    receiver,
    nativePrice: balance.data?.[0]?.price,
    query: { enabled: !problem },
  })
  const identity = useIdentity({ address: problem ? undefined : receiver })
  // Hook-level callbacks: they run even when the user closed the modal while the wallet was open.
  const sendToken = useSendToken({
    mutation: {
      onSuccess() {
        const sent = format.amount(amount, token?.symbol ?? '')
        form.reset()
        sendToken.reset()
        if (text) toasts.show('success', text.sendSuccess(sent))
        const view = modal.navigation.get().history.at(-1)?.view
        // Spec: after a successful send the Account view is shown.
        if (modal.isOpen() && (view === 'SendPreview' || view === 'Send')) modal.open({ view: 'Account' })
      },
      onError(error) {
        if (error.name === 'UserRejectedRequestError') shake()
      },
    },
  })

  if (!text) return <ViewLoading />
  if (!token || problem) {
    // The form changed under the preview (another network, a reset): edit it again.
    return (
      <div className={send.summary}>
        <button type="button" className={css.button({ variant: 'secondary', size: 'lg' })} onClick={modal.back}>
          {text.sendCancel}
        </button>
      </div>
    )
  }

  const rejected = sendToken.error?.name === 'UserRejectedRequestError'
  const usd = token.price !== undefined ? Number(amount) * Number(token.price) : undefined
  const name = resolved.name ?? identity.data?.name
  return (
    <div className={send.form} data-slot="send-preview-view" data-state={sendToken.status}>
      <div className={send.summary}>
        <span className={send.label}>{text.sendYouSend}</span>
        <PorticoImage {...tokenImage(token)} name={token.symbol || token.name} size={48} radius="full" />
        <span className={send.big} data-slot="send-preview-amount">
          {format.amount(amount, token.symbol)}
        </span>
        {usd !== undefined && Number.isFinite(usd) ? <span className={send.label}>{format.currency(usd)}</span> : null}
      </div>
      <div className={send.line}>
        <span>{text.sendTo}</span>
        <span className={send.receiver} data-slot="send-preview-receiver" title={receiver}>
          <Avatar address={receiver} size={20} />
          {name ? `${name} (${truncateAddress(receiver)})` : truncateAddress(receiver)}
        </span>
      </div>
      <div className={send.line}>
        <span>{text.sendNetwork}</span>
        <span className={send.value}>{connection.network?.name}</span>
      </div>
      <div className={send.line} data-slot="send-fee">
        <span>{text.sendNetworkFee}</span>
        <span className={send.value}>
          {fee.data ? feeText(fee.data, format) : fee.isError ? text.sendFeeUnavailable : <Spinner size={14} />}
        </span>
      </div>

      {sendToken.isError ? (
        <p className={send.error} role="alert" data-slot="send-error">
          {sendFailureText(text, sendToken.error, rejected)}
        </p>
      ) : null}

      <div className={send.buttons}>
        <button
          type="button"
          className={css.button({ variant: 'secondary', size: 'lg' })}
          onClick={modal.back}
          disabled={sendToken.isPending}
          data-slot="send-cancel"
        >
          {text.sendCancel}
        </button>
        <button
          type="button"
          className={css.button({ variant: 'primary', size: 'lg' })}
          disabled={sendToken.isPending}
          aria-busy={sendToken.isPending}
          onClick={() => sendToken.mutate({ token, amount, receiver })}
          data-slot="send-confirm"
        >
          {sendToken.isPending ? (
            <>
              <Spinner size={16} />
              {text.sendConfirmInWallet}
            </>
          ) : sendToken.isError ? (
            text.sendTryAgain
          ) : (
            text.sendConfirm
          )}
        </button>
      </div>
    </div>
  )
}

SendPreviewView.featureTitle = {
  messages: sendMessages,
  title: (text: Catalogue<typeof sendMessages.en>) => text.sendPreviewTitle,
} satisfies FeatureTitle
