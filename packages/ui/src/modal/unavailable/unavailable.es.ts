import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableEs = {
  viewUnavailableTitle: 'No se pudo cargar esta vista',
  viewUnavailableBody: 'Comprueba tu conexión y vuelve a intentarlo.',
} satisfies Catalogue<typeof viewUnavailableEn>
