import { usePorticoUI } from '../context.js'
import { defineFeatureMessages, type FeatureMessages, useFeatureMessages } from '../i18n/featureMessages.js'
import type { ViewEntry } from './viewRegistry.js'
import { useView } from './views.js'

/**
 * @internal What a feature view's component carries (as a static `featureTitle`) so the modal's
 * header can title it in the page's language without bundling the feature's text.
 */
export type FeatureTitle = {
  // biome-ignore lint/suspicious/noExplicitAny: any feature's catalogue; `title` reads its own keys.
  messages: FeatureMessages<any>
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  title(catalogue: any, entry: ViewEntry): string
}

const none = () => Promise.resolve({})
const noMessages = defineFeatureMessages(
  'none',
  {},
  { es: none, fr: none, de: none, 'pt-BR': none, 'zh-CN': none, ja: none, ko: none, ar: none },
)

/** @internal The title of a feature view once its chunk and catalogue are loaded, else undefined. */
export function useFeatureTitle(entry: ViewEntry): string | undefined {
  const spec = useView(usePorticoUI('ModalFrame').modal.table, entry.view)?.featureTitle
  const catalogue = useFeatureMessages(spec?.messages ?? noMessages)
  return spec && catalogue ? spec.title(catalogue, entry) : undefined
}
