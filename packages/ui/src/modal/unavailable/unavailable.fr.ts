import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableFr = {
  viewUnavailableTitle: 'Impossible de charger cette vue',
  viewUnavailableBody: 'Vérifiez votre connexion, puis réessayez.',
} satisfies Catalogue<typeof viewUnavailableEn>
