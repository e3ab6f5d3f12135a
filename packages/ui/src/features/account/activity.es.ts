import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityEs = {
  operationType: operationLabel({
    send: 'Enviado',
    receive: 'Recibido',
    trade: 'Intercambiado',
    approve: 'Aprobado',
    deposit: 'Depositado',
    withdraw: 'Retirado',
    mint: 'Acuñado',
    burn: 'Quemado',
    borrow: 'Prestado',
    repay: 'Reembolsado',
    stake: 'En staking',
    unstake: 'Retirado del staking',
    claim: 'Reclamado',
    execute: 'Ejecutado',
    deploy: 'Desplegado',
    cancel: 'Cancelado',
  }),
} satisfies Catalogue<typeof activityEn>
