import { useBalance, useConnection, useNetwork } from '@portico/headless'
import {
  isOnrampAvailable,
  type OnrampNetwork,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
} from '@portico/headless/onramp'
import { useOnrampOptions, useOnrampQuote, useOnrampUrl } from '@portico/headless/onramp/react'
import { useEffect, useId, useMemo, useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { Picker } from '../../components/Picker.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { findBought, navigateCheckout, openCheckout } from './checkout.js'
import { onrampMessages } from './messages.js'
import * as s from './onramp.css.js'
import type { onrampEn } from './onramp.en.js'
import { quoteBreakdown } from './quoteBreakdown.js'

/** Spec: provider fee range 1-2%. */
const providerFeeRange = '1-2%'
/** Amounts offered as one-tap presets, kept only when inside the payment method's limits. */
const presetAmounts = ['20', '100', '500']
/** Quotes follow typing after this pause (spec: UI delay 300 ms), not on every keystroke. */
const quoteDebounceMs = 300
/** Providers this UI can reach: `hosted` is the blockchain API's URL generator. */
const knownProviders = new Set(['hosted'])

type Choice = { currency: OnrampPurchaseCurrency; network: OnrampNetwork; key: string }

/**
 * @internal The Buy view: the token to buy (on the connected network when the provider delivers
 * there), fiat currency, payment method and amount within its limits, a live quote, then the
 * provider, whose checkout opens in a popup (or is offered as a link when popups are blocked).
 */
export function OnRampView() {
  const text = useFeatureMessages(onrampMessages)
  const { modal, messages } = usePorticoUI('OnRampView')
  const format = useFormat()
  const connection = useConnection()
  const { network } = useNetwork()
  const options = useOnrampOptions()
  const balance = useBalance()
  const onrampUrl = useOnrampUrl()
  const ids = useId()

  // Purchase currencies, each on each of its networks; those delivered on the connected network
  // first choice (only those, when any is).
  const choices = useMemo<Choice[]>(() => {
    const all = (options.data?.purchaseCurrencies ?? []).flatMap((currency) =>
      currency.networks.map((n) => ({ currency, network: n, key: `${currency.id}|${n.name}` })),
    )
    const here = all.filter(
      ({ network: n }) => n.chain_id === String(network.id) || n.chain_id === network.caipNetworkId,
    )
    return here.length > 0 ? here : all
  }, [options.data, network.id, network.caipNetworkId])

  const [choiceKey, setChoiceKey] = useState<string | undefined>()
  const [fiatId, setFiatId] = useState<string | undefined>()
  const [method, setMethod] = useState('card')
  const [amount, setAmount] = useState('100')
  const [debounced, setDebounced] = useState(amount)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(amount), quoteDebounceMs)
    return () => clearTimeout(timer)
  }, [amount])

  const choice = choices.find((c) => c.key === choiceKey) ?? choices[0]
  const fiat = options.data?.paymentCurrencies.find((p) => p.id === fiatId) ?? options.data?.paymentCurrencies[0]
  const methods = fiat?.payment_method_limits ?? []
  const limit = methods.find((m) => m.id === method) ?? methods[0]
  const value = Number(amount)
  const amountError = !limit
    ? undefined
    : !(amount.trim() !== '' && Number.isFinite(value) && value > 0)
      ? text?.onrampMin(`${limit.min} ${fiat?.id ?? ''}`)
      : value < Number(limit.min)
        ? text?.onrampMin(`${limit.min} ${fiat?.id ?? ''}`)
        : value > Number(limit.max)
          ? text?.onrampMax(`${limit.max} ${fiat?.id ?? ''}`)
          : undefined
  const quoteAmount = amountError === undefined && debounced === amount ? amount : undefined
  const { quote, isLoading: quoteLoading } = useOnrampQuote({
    purchaseCurrency: choice?.currency.id,
    paymentCurrency: fiat?.id,
    amount: quoteAmount,
    network: choice?.network.name,
    paymentMethod: limit?.id,
  })

  if (!text) return <ViewLoading />
  if (!isOnrampAvailable({ namespace: connection.namespace }))
    return (
      <div className={views.center} data-slot="onramp-unavailable">
        <EmptyState title={text.onrampUnavailable} icon={<Icon name="warning" size={28} />} />
      </div>
    )
  if (options.isPending)
    return (
      <div className={views.center}>
        <Spinner size={28} label={messages.loading} />
      </div>
    )

  const providers = options.providers.filter((p) => knownProviders.has(p))
  const providerLabel = (name: string) => (name === 'hosted' ? text.onrampProviderHosted : name)
  const methodLabel = (id: string) =>
    id === 'card' ? text.onrampMethodCard : id === 'ach_bank_account' ? text.onrampMethodBank : id

  const start = () => {
    if (!choice || amountError !== undefined) return
    // Opened here, inside the click: after the await below a browser would block it.
    const popup = openCheckout()
    const token = {
      symbol: choice.currency.symbol,
      address: choice.network.contract_address || undefined,
    }
    const baseline = findBought(balance.data, token)?.quantity.numeric
    // Leaving (Back, Close) while the link is asked for gives the purchase up: its link then opens
    // nothing and moves the modal nowhere, and the empty window goes.
    let left = false
    const offLeave = modal.onLeave(() => {
      left = true
    })
    onrampUrl
      .mutateAsync({
        network: choice.network.name,
        asset: choice.currency.symbol,
        presetFiatAmount: value,
      })
      .then(
        (url) => {
          if (left) return popup?.close()
          navigateCheckout(popup, url)
          modal.push({ view: 'BuyInProgress', data: { url, popupBlocked: !popup, token, baseline } })
        },
        () => popup?.close(),
      )
      .finally(offLeave)
  }

  return (
    <div className={s.form} data-slot="onramp-view">
      {options.data?.source === 'sample' ? (
        <p className={s.notice} role="status" data-slot="onramp-sample">
          {text.onrampSampleOptions}
        </p>
      ) : null}
      <div className={s.fieldRow}>
        <Picker
          className={s.nameField}
          label={text.onrampToken}
          value={choice?.key}
          options={choices.map((c) => ({ value: c.key, label: `${c.currency.symbol} · ${c.network.display_name}` }))}
          onValueChange={setChoiceKey}
          slot="onramp-token"
        />
        <Picker
          className={s.nameField}
          label={text.onrampPayWith}
          value={limit?.id}
          options={methods.map((m) => ({ value: m.id, label: methodLabel(m.id) }))}
          onValueChange={setMethod}
          slot="onramp-method"
        />
      </div>

      <div className={s.fieldRow}>
        <div className={s.field} style={{ flex: 2 }}>
          <label className={s.label} htmlFor={`${ids}-amount`}>
            {text.onrampYouPay}
          </label>
          <input
            id={`${ids}-amount`}
            className={s.amountInput}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
            aria-invalid={amountError !== undefined}
            aria-describedby={amountError ? `${ids}-amount-error` : undefined}
            data-slot="onramp-amount"
          />
        </div>
        <Picker
          className={s.field}
          label={text.onrampCurrency}
          value={fiat?.id}
          options={(options.data?.paymentCurrencies ?? []).map((p) => ({ value: p.id, label: p.id }))}
          onValueChange={setFiatId}
          slot="onramp-fiat"
        />
      </div>
      {amountError ? (
        <p id={`${ids}-amount-error`} className={s.fieldError} role="alert" data-slot="onramp-amount-error">
          {amountError}
        </p>
      ) : null}
      <fieldset className={s.presets} aria-label={text.onrampPresets} style={{ border: 0, padding: 0, margin: 0 }}>
        {presetAmounts
          .filter((p) => !limit || (Number(p) >= Number(limit.min) && Number(p) <= Number(limit.max)))
          .map((p) => (
            <button
              key={p}
              type="button"
              className={s.preset}
              data-state={amount === p ? 'on' : 'off'}
              aria-pressed={amount === p}
              onClick={() => setAmount(p)}
            >
              {/* One left-to-right unit in Arabic too: "20 USD", not "USD 20". */}
              {format.isolate(`${p} ${fiat?.id ?? ''}`)}
            </button>
          ))}
      </fieldset>

      <div
        className={s.quote}
        aria-live="polite"
        // The breakdown that replaces the notice is taller: the view is not whole until it is in
        // (`PartPending`'s marker), and assistive technology waits for it too.
        aria-busy={quoteLoading || undefined}
        data-pending={quoteLoading ? '' : undefined}
        data-slot="onramp-quote"
        data-state={quoteLoading ? 'loading' : quote ? 'ready' : 'idle'}
      >
        {quoteLoading ? (
          <span className={s.notice}>
            <Spinner size={14} /> {text.onrampQuoteLoading}
          </span>
        ) : quote?.placeholder ? (
          <span className={s.notice} data-slot="onramp-quote-placeholder">
            {text.onrampQuotePlaceholder}
          </span>
        ) : quote ? (
          <QuoteBreakdown quote={quote} text={text} />
        ) : null}
      </div>

      <fieldset className={css.stack} aria-label={text.onrampProviders} style={{ border: 0, padding: 0, margin: 0 }}>
        {providers.length === 0 ? (
          <EmptyState title={text.onrampNoProviders} />
        ) : (
          providers.map((provider) => (
            <button
              key={provider}
              type="button"
              className={css.button({ variant: 'primary', size: 'lg' })}
              disabled={!choice || amountError !== undefined || onrampUrl.isPending}
              onClick={start}
              data-slot="onramp-provider"
              data-provider={provider}
            >
              {onrampUrl.isPending ? <Spinner size={16} /> : null}
              {`${providerLabel(provider)} · ${text.onrampProviderFee(format.isolate(providerFeeRange))}`}
            </button>
          ))
        )}
      </fieldset>
      {onrampUrl.isError ? (
        <p className={s.fieldError} role="alert" data-slot="onramp-error">
          {onrampUrl.error?.name === 'OnrampNotAvailableError' ? text.onrampUnavailable : text.onrampUrlFailed}
        </p>
      ) : null}
    </div>
  )
}

/**
 * What the quote says the purchase is: the total, each fee the quote gives, the amount converted
 * at the rate, and what arrives. Listed so the total less the fees is the amount converted.
 */
function QuoteBreakdown({ quote, text }: { quote: OnrampQuote; text: typeof onrampEn }) {
  const format = useFormat()
  const b = quoteBreakdown(quote)
  const money = (m: { amount: string; currency: string }) => format.currency(m.amount, m.currency)
  return (
    <dl className={s.breakdown} data-slot="onramp-breakdown">
      <div className={s.quoteLine}>
        <dt>{text.onrampTotal}</dt>
        <dd data-slot="onramp-quote-total">{money(b.total)}</dd>
      </div>
      {b.providerFee ? (
        <div className={s.feeLine}>
          <dt>{text.onrampProviderFeeLabel}</dt>
          <dd data-slot="onramp-quote-provider-fee">{money(b.providerFee)}</dd>
        </div>
      ) : null}
      <div className={s.feeLine}>
        <dt>{text.onrampNetworkFee}</dt>
        <dd data-slot="onramp-quote-network-fee">{money(b.networkFee)}</dd>
      </div>
      <div className={s.sumLine}>
        <dt>{text.onrampConverted}</dt>
        <dd data-slot="onramp-quote-converted">{money(b.converted)}</dd>
      </div>
      {b.rate ? (
        <div className={s.feeLine}>
          <dt>{text.onrampRate}</dt>
          <dd data-slot="onramp-quote-rate">
            {format.isolate(`${format.amount(1, b.received.currency)} = ${money(b.rate)}`)}
          </dd>
        </div>
      ) : null}
      <div className={s.quoteLine}>
        <dt>{text.onrampYouGet}</dt>
        <dd className={s.quoteStrong} data-slot="onramp-quote-amount">
          {format.amount(b.received.amount, b.received.currency)}
        </dd>
      </div>
    </dl>
  )
}

OnRampView.featureTitle = {
  messages: onrampMessages,
  title: (text: { onrampTitle: string }) => text.onrampTitle,
} satisfies FeatureTitle
