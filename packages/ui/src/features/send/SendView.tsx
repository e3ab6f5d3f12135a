import { truncateAddress, useBalance, useConnection, usePortico } from '@portico/headless'
import { useIdentity } from '@portico/headless/identity/react'
import { estimateSendFeeQueryOptions } from '@portico/headless/send'
import { useEstimateSendFee } from '@portico/headless/send/react'
import { useEffect, useId, useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { tokenImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { sendMessages } from './messages.js'
import * as send from './send.css.js'
import {
  balanceUnits,
  feeText,
  type SendFormProblem,
  unitsToDecimal,
  useSendForm,
  validateSendForm,
} from './sendForm.js'
import { useReceiver } from './useReceiver.js'

/** Spec: the UI waits 300 ms; a fee is re-quoted once typing pauses, not on every key. */
const settleMs = 300

/** @internal The send form: token, amount with Max, receiver with paste, fee, then Preview. */
export function SendView() {
  const { modal } = usePorticoUI('SendView')
  const text = useFeatureMessages(sendMessages)
  const format = useFormat()
  const { portico, queryClient } = usePortico('SendView')
  const connection = useConnection()
  const balance = useBalance()
  const form = useSendForm()
  const ids = { amount: useId(), receiver: useId(), amountError: useId(), receiverError: useId() }
  const namespace = connection.namespace
  const supported = namespace === 'eip155' || namespace === 'solana'
  // A token from another network (the wallet switched meanwhile) is no longer the one to send.
  const token = form.token?.chainId === connection.caipNetworkId ? form.token : undefined
  const current = { ...form, token }
  // The picked token with its latest balance (it changes after a send or a refetch).
  const fresh = token ? (balance.data?.find((b) => (b.address ?? '') === (token.address ?? '')) ?? token) : undefined
  // A name (bob.reown.id) is resolved as typed; the fee and the review use its address.
  const receiver = useReceiver(form.receiver)
  const problem = validateSendForm(current, namespace, receiver)
  const settled = useSettled(problem ? undefined : { ...current, receiver: receiver.address }, settleMs)
  const fee = useEstimateSendFee({
    token: settled?.token,
    amount: settled?.amount.trim(),
    receiver: settled?.receiver.trim(),
    nativePrice: balance.data?.[0]?.price,
    query: { enabled: Boolean(settled) && !problem },
  })
  // Sending (nearly) the whole native balance leaves nothing for the fee: the estimate refuses it,
  // and the form says so before the wallet could be asked. Kept apart from `problem`, which
  // gates the estimate itself.
  const feeError = fee.error as { name?: string; shortMessage?: string } | null
  const feeProblem: SendFormProblem | undefined =
    !problem && feeError?.name === 'InsufficientFundsForFeeError' && fresh
      ? { field: 'amount', kind: 'fee', symbol: fresh.symbol }
      : undefined
  const blocked = problem ?? feeProblem
  const receiverValid = problem?.field !== 'receiver'
  const identity = useIdentity({ address: receiverValid && receiver.address ? receiver.address : undefined })
  const [maxPending, setMaxPending] = useState(false)

  if (!text) return <ViewLoading />
  if (!supported) return <p className={send.error}>{text.sendNotSupported}</p>

  const max = async () => {
    if (!fresh) return
    const units = balanceUnits(fresh)
    if (units === undefined) return
    const decimals = Number(fresh.quantity.decimals)
    if (fresh.address !== undefined) return form.set({ amount: unitsToDecimal(units, decimals) })
    // The native currency also pays the fee: keep it back (with a margin, the fee moves).
    setMaxPending(true)
    try {
      const quote = await queryClient.fetchQuery(
        estimateSendFeeQueryOptions(portico, {
          address: connection.address,
          caipNetworkId: connection.caipNetworkId,
          token: fresh,
          // The smallest unit: a native transfer's fee does not depend on the amount.
          amount: unitsToDecimal(1n, decimals),
          receiver: receiverValid && receiver.address ? receiver.address : connection.address,
        }),
      )
      const reserve = (quote.fee * 3n) / 2n
      form.set({ amount: units > reserve ? unitsToDecimal(units - reserve, decimals) : '0' })
    } catch {
      form.set({ amount: unitsToDecimal(units, decimals) })
    } finally {
      setMaxPending(false)
    }
  }
  const paste = async () => {
    try {
      const value = await navigator.clipboard.readText()
      if (value.trim()) form.set({ receiver: value.trim() })
    } catch {
      // Clipboard read refused (permissions): the field still takes a typed or pasted value.
    }
  }

  const amountProblem = blocked?.field === 'amount' && blocked.kind !== 'missing' ? blocked : undefined
  const receiverProblem =
    problem?.field === 'receiver' && problem.kind !== 'missing' && problem.kind !== 'resolving' ? problem : undefined
  const usd =
    fresh?.price !== undefined && !amountProblem && form.amount.trim()
      ? Number(form.amount) * Number(fresh.price)
      : undefined
  // A typed name is the name shown; an address shows the name its identity has, if any. With no
  // receiver the identity hook falls back to the connected account: that is the sender, never shown.
  const receiverIdentity = receiverValid && receiver.address ? identity.data : undefined
  const name = receiver.name ?? receiverIdentity?.name

  return (
    <form
      className={send.form}
      data-slot="send-view"
      onSubmit={(event) => {
        event.preventDefault()
        if (!blocked) modal.push({ view: 'SendPreview' })
      }}
    >
      <div className={send.panel} data-invalid={Boolean(amountProblem)}>
        <div className={send.panelRow}>
          <label className={send.label} htmlFor={ids.amount}>
            {text.sendAmount}
          </label>
          {fresh ? (
            <span className={send.balanceLine} data-slot="send-balance">
              {text.sendBalance(format.amount(fresh.quantity.numeric, fresh.symbol))}
              <button
                type="button"
                className={send.link}
                onClick={() => void max()}
                disabled={maxPending}
                data-slot="send-max"
              >
                {text.sendMax}
              </button>
            </span>
          ) : null}
        </div>
        <div className={send.panelRow}>
          <input
            id={ids.amount}
            className={send.amountInput}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={form.amount}
            onChange={(event) => form.set({ amount: event.target.value })}
            aria-invalid={Boolean(amountProblem)}
            aria-describedby={amountProblem ? ids.amountError : undefined}
            data-slot="send-amount"
          />
          <button
            type="button"
            className={css.button({ variant: 'secondary', size: 'sm' })}
            onClick={() => modal.push({ view: 'SendSelectToken' })}
            data-slot="send-token"
          >
            {fresh ? (
              <>
                <PorticoImage {...tokenImage(fresh)} name={fresh.symbol || fresh.name} size={20} radius="full" />
                {fresh.symbol}
              </>
            ) : (
              text.sendSelectToken
            )}
          </button>
        </div>
        {amountProblem ? (
          <span id={ids.amountError} className={send.error} data-slot="send-amount-error">
            {problemText(text, amountProblem)}
          </span>
        ) : usd !== undefined && Number.isFinite(usd) ? (
          <span className={send.label} data-slot="send-amount-usd">
            {format.currency(usd)}
          </span>
        ) : null}
      </div>

      <div className={send.panel} data-invalid={Boolean(receiverProblem)}>
        <div className={send.panelRow}>
          <label className={send.label} htmlFor={ids.receiver}>
            {text.sendTo}
          </label>
          <button type="button" className={send.link} onClick={() => void paste()} data-slot="send-paste">
            {text.sendPaste}
          </button>
        </div>
        <input
          id={ids.receiver}
          className={send.input}
          autoComplete="off"
          spellCheck={false}
          placeholder={text.sendReceiverPlaceholder}
          value={form.receiver}
          onChange={(event) => form.set({ receiver: event.target.value })}
          aria-invalid={Boolean(receiverProblem)}
          aria-describedby={receiverProblem ? ids.receiverError : undefined}
          data-slot="send-receiver"
        />
        {receiverProblem ? (
          <span id={ids.receiverError} className={send.error} data-slot="send-receiver-error">
            {problemText(text, receiverProblem)}
          </span>
        ) : receiver.status === 'resolving' ? (
          <span className={send.receiver} data-slot="send-receiver-resolving" role="status">
            <Spinner size={14} />
            {text.sendResolvingName}
          </span>
        ) : name ? (
          <span className={send.receiver} data-slot="send-receiver-name">
            {receiverIdentity?.avatar ? (
              <PorticoImage src={receiverIdentity.avatar} name={name} size={20} radius="full" />
            ) : (
              <Avatar address={receiver.address} size={20} />
            )}
            {receiver.status === 'resolved' ? `${name} (${truncateAddress(receiver.address)})` : name}
          </span>
        ) : null}
      </div>

      {!blocked ? (
        <div className={send.line} data-slot="send-fee">
          <span>{text.sendNetworkFee}</span>
          <span className={send.value}>
            {fee.data ? (
              feeText(fee.data, format)
            ) : fee.isError ? (
              <span data-slot="send-fee-error">
                {(fee.error as { shortMessage?: string }).shortMessage ?? text.sendFeeUnavailable}
              </span>
            ) : (
              <Spinner size={14} />
            )}
          </span>
        </div>
      ) : null}

      <button
        type="submit"
        className={css.button({ variant: 'primary', size: 'lg' })}
        disabled={Boolean(blocked)}
        data-slot="send-submit"
      >
        {blocked ? buttonText(text, blocked) : text.sendPreview}
      </button>
    </form>
  )
}

SendView.featureTitle = {
  messages: sendMessages,
  title: (text: Catalogue<typeof sendMessages.en>) => text.sendTitle,
} satisfies FeatureTitle

type SendText = Catalogue<typeof sendMessages.en>

/** The submit button says what is missing (a wallet kit's convention: the button is the guide). */
function buttonText(text: SendText, problem: SendFormProblem): string {
  if (problem.field === 'token') return text.sendSelectToken
  if (problem.field === 'amount')
    return problem.kind === 'missing'
      ? text.sendAddAmount
      : problem.kind === 'insufficient'
        ? text.sendInsufficientFunds
        : problem.kind === 'fee'
          ? text.sendNotEnoughForFee(problem.symbol)
          : text.sendInvalidAmount
  if (problem.kind === 'resolving') return text.sendResolvingName
  if (problem.kind === 'unresolved') return text.sendNameError
  return problem.kind === 'missing' ? text.sendAddAddress : text.sendInvalidAddress
}

/** The field's own error line: the detail the button cannot hold. */
function problemText(text: SendText, problem: SendFormProblem): string {
  if (problem.field === 'amount' && problem.kind === 'decimals') return text.sendTooManyDecimals(problem.decimals)
  if (problem.field === 'amount' && problem.kind === 'insufficient') return text.sendInsufficientFunds
  if (problem.field === 'amount' && problem.kind === 'fee') return text.sendNotEnoughForFee(problem.symbol)
  if (problem.field === 'amount') return text.sendInvalidAmount
  if (problem.field === 'receiver' && problem.kind === 'tokenContract') return text.sendReceiverIsToken
  if (problem.field === 'receiver' && problem.kind === 'unresolved') return text.sendNameError
  return text.sendInvalidAddress
}

/** `value` once it has not changed for `ms` (compared by content), else the last settled one. */
function useSettled<value>(value: value, ms: number): value {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `value`'s content.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  return settled
}
