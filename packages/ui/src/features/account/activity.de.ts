import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityDe = {
  operationType: operationLabel({
    send: 'Gesendet',
    receive: 'Empfangen',
    trade: 'Getauscht',
    approve: 'Freigegeben',
    deposit: 'Eingezahlt',
    withdraw: 'Ausgezahlt',
    mint: 'Geprägt',
    burn: 'Verbrannt',
    borrow: 'Geliehen',
    repay: 'Zurückgezahlt',
    stake: 'Gestakt',
    unstake: 'Entstakt',
    claim: 'Eingelöst',
    execute: 'Ausgeführt',
    deploy: 'Bereitgestellt',
    cancel: 'Storniert',
  }),
} satisfies Catalogue<typeof activityEn>
