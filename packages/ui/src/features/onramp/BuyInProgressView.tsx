import { useBalance } from '@portico/headless'
import { useEffect, useState } from 'react'
import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import type { ViewEntryOf } from '../../modal/views.js'
import { useFormat } from '../../utils/useFormat.js'
import { currentCheckout, findBought, openCheckout } from './checkout.js'
import { onrampMessages } from './messages.js'
import * as s from './onramp.css.js'

/** How often the balance is read while the funds are on their way. */
const balancePollMs = 2_000
/** How often the checkout window is checked for being closed (as the social popup: 1 s). */
const popupPollMs = 1_000

/**
 * @internal A purchase open at the provider: reads the wallet's balance until the bought token
 * grows past its balance at the start, then shows the success state. Offers the checkout link
 * when the popup was blocked, and says so when the window was closed before the funds arrived.
 */
export function BuyInProgressView({ data }: ViewEntryOf<'BuyInProgress'>) {
  const text = useFeatureMessages(onrampMessages)
  const { modal, messages } = usePorticoUI('BuyInProgressView')
  const format = useFormat()
  const [arrivedAt, setArrivedAt] = useState<string | undefined>()
  const balance = useBalance({
    query: { refetchInterval: arrivedAt === undefined ? balancePollMs : false, staleTime: 0 },
  })
  const [popupClosed, setPopupClosed] = useState(false)
  const [blocked, setBlocked] = useState(data.popupBlocked)

  const current = findBought(balance.data, data.token)?.quantity.numeric
  // Without a balance from before the purchase, the first one read here stands in.
  const [firstRead, setFirstRead] = useState<string | undefined>()
  if (data.baseline === undefined && firstRead === undefined && current !== undefined) setFirstRead(current)
  const baseline = data.baseline ?? firstRead
  // The funds arrived: the balance grew past the baseline. Kept from then on (the poll stops).
  if (arrivedAt === undefined && baseline !== undefined && current !== undefined && Number(current) > Number(baseline))
    setArrivedAt(current)

  useEffect(() => {
    if (arrivedAt !== undefined || blocked) return
    // The window this purchase opened (a reopen remounts nothing but replaces it: read it each time).
    const check = () => {
      if (currentCheckout()?.closed) setPopupClosed(true)
    }
    const timer = setInterval(check, popupPollMs)
    // Coming back to the page is when a closed window matters: check at once.
    window.addEventListener('focus', check)
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', check)
      document.removeEventListener('visibilitychange', check)
    }
  }, [arrivedAt, blocked])

  if (!text) return <ViewLoading />

  if (arrivedAt !== undefined) {
    const delta = Number(arrivedAt) - Number(baseline ?? 0)
    return (
      <div className={views.center} data-slot="onramp-success">
        <span style={{ color: 'var(--portico-colors-success)' }}>
          <Icon name="check" size={40} />
        </span>
        <p className={views.headline} role="status">
          {text.onrampSuccess}
        </p>
        <p className={views.muted} data-slot="onramp-received">
          {text.onrampReceived(format.amount(String(delta), data.token.symbol))}
        </p>
        <button
          type="button"
          className={css.button({ variant: 'primary', size: 'lg' })}
          onClick={() => modal.open({ view: 'Account' })}
          data-slot="onramp-done"
        >
          {text.onrampBackToAccount}
        </button>
      </div>
    )
  }

  const reopen = () => {
    const popup = openCheckout(data.url)
    setBlocked(!popup)
    setPopupClosed(false)
  }

  return (
    <div className={views.center} data-slot="onramp-in-progress" data-state={popupClosed ? 'closed' : 'waiting'}>
      <Spinner size={32} label={text.onrampWaiting} />
      <p className={views.headline}>{text.onrampWaiting}</p>
      <p className={views.muted}>{text.onrampInProgressBody}</p>
      {blocked ? (
        <p className={s.fieldError} role="alert" data-slot="onramp-popup-blocked">
          {text.onrampPopupBlocked}
        </p>
      ) : null}
      {popupClosed ? (
        <p className={s.notice} role="status" data-slot="onramp-popup-closed">
          {text.onrampPopupClosed}
        </p>
      ) : null}
      {blocked ? (
        <a
          className={css.button({ variant: 'primary', size: 'lg' })}
          href={data.url}
          target="_blank"
          rel="noopener noreferrer"
          data-slot="onramp-open-tab"
        >
          {text.onrampOpenInTab}
          <Icon name="external" size={16} />
        </a>
      ) : (
        <button
          type="button"
          className={css.button({ variant: 'secondary', size: 'lg' })}
          onClick={reopen}
          data-slot="onramp-reopen"
        >
          {text.onrampReopen}
          <Icon name="external" size={16} />
        </button>
      )}
      <button
        type="button"
        className={css.button({ variant: 'secondary', size: 'lg' })}
        onClick={modal.back}
        data-slot="onramp-retry"
      >
        {messages.tryAgain}
      </button>
    </div>
  )
}

BuyInProgressView.featureTitle = {
  messages: onrampMessages,
  title: (text: { onrampInProgressTitle: string }) => text.onrampInProgressTitle,
} satisfies FeatureTitle
