import { truncateAddress, useBalance, useConnection } from '@portico/headless'
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
import type { ViewEntryOf } from '../../modal/viewRegistry.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { sendMessages } from '../send/messages.js'
import * as send from '../send/send.css.js'
import { feeText, sendFailureText, validateSendForm } from '../send/sendForm.js'
import { payMessages } from './messages.js'
import { findPayToken, payState, startPay } from './payRequest.js'

/**
 * @internal The pay panel: what the host asked to pay (amount, token, receiver, network, fee), read
 * only, with the send's balance check and fee estimate; Pay goes through the send's mutation (its
 * double-click guard, the wallet prompt). The host's promise settles with the first outcome: the
 * hash on success (then a toast and Account, as after a send), the wallet's or node's error on a
 * failure (the panel then offers Close only).
 */
export function PayView({ data }: ViewEntryOf<'Pay'>) {
  const { modal } = usePorticoUI('PayView')
  const toasts = useToasts()
  const shake = useShake()
  const sendText = useFeatureMessages(sendMessages)
  const text = useFeatureMessages(payMessages)
  const format = useFormat()
  const connection = useConnection()
  const balance = useBalance()
  const state = modal.local(payState)
  const token = balance.data ? findPayToken(balance.data, data.token) : undefined
  // The send form's own checks on the fixed request: the amount against the token's balance.
  const problem = validateSendForm({ token, amount: data.amount, receiver: data.receiver }, connection.namespace, {
    status: 'address',
    address: data.receiver,
  })
  const fee = useEstimateSendFee({
    token,
    amount: data.amount,
    receiver: data.receiver,
    nativePrice: balance.data?.[0]?.price,
    query: { enabled: Boolean(token) && !problem },
  })
  const feeError = fee.error as { name?: string } | null
  const notEnoughForFee = !problem && feeError?.name === 'InsufficientFundsForFeeError'
  // Hook-level callbacks: they run even when the user closed the modal while the wallet was open.
  const sendToken = useSendToken({
    mutation: {
      onSuccess(hash) {
        state.sending = false
        state.pending?.resolve({ hash })
        if (sendText) toasts.show('success', sendText.sendSuccess(format.amount(data.amount, token?.symbol ?? '')))
        const view = modal.navigation.get().history.at(-1)?.view
        // As after a send, the Account view is shown.
        if (modal.isOpen() && view === 'Pay') modal.open({ view: 'Account' })
      },
      onError(error) {
        state.sending = false
        if (error.name === 'UserRejectedRequestError') shake()
        state.pending?.reject(error)
      },
    },
  })

  if (!text || !sendText || !balance.data) return <ViewLoading />
  if (!token) return <p className={send.error}>{sendText.sendSelectToken}</p>

  const blocked = problem
    ? problem.field === 'amount' && problem.kind === 'insufficient'
      ? sendText.sendInsufficientFunds
      : problem.field === 'receiver'
        ? problem.kind === 'tokenContract'
          ? sendText.sendReceiverIsToken
          : sendText.sendInvalidAddress
        : sendText.sendInvalidAmount
    : notEnoughForFee
      ? sendText.sendNotEnoughForFee(token.symbol)
      : undefined
  const usd = token.price !== undefined ? Number(data.amount) * Number(token.price) : undefined
  return (
    <div className={send.form} data-slot="pay-view" data-state={sendToken.status}>
      <div className={send.summary}>
        <span className={send.label}>{text.payYouPay}</span>
        <PorticoImage {...tokenImage(token)} name={token.symbol || token.name} size={48} radius="full" />
        <span className={send.big} data-slot="pay-amount">
          {format.amount(data.amount, token.symbol)}
        </span>
        {usd !== undefined && Number.isFinite(usd) ? <span className={send.label}>{format.currency(usd)}</span> : null}
      </div>
      <div className={send.line}>
        <span>{sendText.sendTo}</span>
        <span className={send.receiver} data-slot="pay-receiver" title={data.receiver}>
          <Avatar address={data.receiver} size={20} />
          {truncateAddress(data.receiver)}
        </span>
      </div>
      <div className={send.line}>
        <span>{sendText.sendNetwork}</span>
        <span className={send.value}>{connection.network?.name}</span>
      </div>
      <div className={send.line} data-slot="pay-fee">
        <span>{sendText.sendNetworkFee}</span>
        <span className={send.value}>
          {fee.data ? (
            feeText(fee.data, format)
          ) : fee.isError || problem ? (
            sendText.sendFeeUnavailable
          ) : (
            <Spinner size={14} />
          )}
        </span>
      </div>

      {blocked ? (
        <p className={send.error} role="alert" data-slot="pay-blocked">
          {blocked}
        </p>
      ) : null}
      {sendToken.isError ? (
        <p className={send.error} role="alert" data-slot="pay-error">
          {sendFailureText(sendText, sendToken.error, sendToken.error.name === 'UserRejectedRequestError')}
        </p>
      ) : null}

      <div className={send.buttons}>
        <button
          type="button"
          className={css.button({ variant: 'secondary', size: 'lg' })}
          onClick={modal.close}
          disabled={sendToken.isPending}
          data-slot="pay-close"
        >
          {sendToken.isError ? text.payClose : sendText.sendCancel}
        </button>
        {sendToken.isError ? null : (
          <button
            type="button"
            className={css.button({ variant: 'primary', size: 'lg' })}
            disabled={Boolean(blocked) || sendToken.isPending || sendToken.isSuccess}
            aria-busy={sendToken.isPending}
            onClick={() => {
              state.sending = true
              sendToken.mutate({ token, amount: data.amount, receiver: data.receiver })
            }}
            data-slot="pay-confirm"
          >
            {sendToken.isPending ? (
              <>
                <Spinner size={16} />
                {sendText.sendConfirmInWallet}
              </>
            ) : (
              (blocked ?? text.payConfirm)
            )}
          </button>
        )}
      </div>
    </div>
  )
}

/** @internal What `usePay()` calls once this chunk is loaded: the request's checks, then the panel. */
PayView.pay = startPay

PayView.featureTitle = {
  messages: payMessages,
  title: (text: Catalogue<typeof payMessages.en>) => text.payTitle,
} satisfies FeatureTitle
