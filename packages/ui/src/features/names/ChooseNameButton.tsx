import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { namesMessages } from './messages.js'
import * as styles from './names.css.js'

/** @internal The Account view's "Choose a name": opens RegisterAccountName. */
export function ChooseNameButton() {
  const { modal } = usePorticoUI('ChooseNameButton')
  const text = useFeatureMessages(namesMessages)
  if (!text) return <PartPending holdPlace />
  return (
    <button
      type="button"
      className={`${css.button({ variant: 'secondary', size: 'sm' })} ${styles.entry}`}
      onClick={() => modal.push({ view: 'RegisterAccountName' })}
      data-slot="choose-name"
    >
      {text.nameTitle}
    </button>
  )
}
