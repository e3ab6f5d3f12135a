import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailablePtBR = {
  viewUnavailableTitle: 'Não foi possível carregar esta tela',
  viewUnavailableBody: 'Verifique sua conexão e tente novamente.',
} satisfies Catalogue<typeof viewUnavailableEn>
