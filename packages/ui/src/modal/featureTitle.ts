import { usePorticoUI } from '../context.js'
import { defineFeatureMessages } from '../i18n/featureMessages.js'
import { useFeatureMessages } from '../i18n/useFeatureMessages.js'
import type { ViewEntry } from './viewRegistry.js'
import { useView } from './views.js'

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
