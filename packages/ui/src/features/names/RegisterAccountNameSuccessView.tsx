import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import type { ViewEntryOf } from '../../modal/views.js'
import { namesMessages } from './messages.js'

/**
 * @internal
 * The spec's RegisterAccountNameSuccess view: the registered name, and the way back to the
 * account (which now shows it: the registration refetched the address's names).
 */
export function RegisterAccountNameSuccessView({ data }: ViewEntryOf<'RegisterAccountNameSuccess'>) {
  const text = useFeatureMessages(namesMessages)
  const { modal } = usePorticoUI('RegisterAccountNameSuccessView')
  if (!text) return <ViewLoading />
  return (
    <div data-slot="register-name-success">
      <div className={views.center}>
        <Icon name="check" size={40} />
        <p className={views.headline} data-slot="register-name-success-name">
          {data.name}
        </p>
        <p className={views.muted}>{text.nameSuccessBody(data.name)}</p>
      </div>
      <button
        type="button"
        className={css.button({ variant: 'primary', size: 'lg' })}
        style={{ marginTop: 12 }}
        onClick={() => modal.back()}
        data-slot="register-name-done"
      >
        {text.nameBackToAccount}
      </button>
    </div>
  )
}

RegisterAccountNameSuccessView.featureTitle = {
  messages: namesMessages,
  title: (text: Catalogue<typeof namesMessages.en>) => text.nameSuccessTitle,
} satisfies FeatureTitle
