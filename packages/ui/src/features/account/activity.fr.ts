import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityFr = {
  operationType: operationLabel({
    send: 'Envoyé',
    receive: 'Reçu',
    trade: 'Échangé',
    approve: 'Approuvé',
    deposit: 'Déposé',
    withdraw: 'Retiré',
    mint: 'Frappé',
    burn: 'Brûlé',
    borrow: 'Emprunté',
    repay: 'Remboursé',
    stake: 'Staké',
    unstake: 'Déstaké',
    claim: 'Réclamé',
    execute: 'Exécuté',
    deploy: 'Déployé',
    cancel: 'Annulé',
  }),
} satisfies Catalogue<typeof activityEn>
