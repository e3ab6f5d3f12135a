import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableDe = {
  viewUnavailableTitle: 'Diese Ansicht konnte nicht geladen werden',
  viewUnavailableBody: 'Prüfe deine Verbindung und versuche es dann erneut.',
} satisfies Catalogue<typeof viewUnavailableEn>
