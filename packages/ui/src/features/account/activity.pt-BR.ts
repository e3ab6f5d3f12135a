import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityPtBR = {
  operationType: operationLabel({
    send: 'Enviado',
    receive: 'Recebido',
    trade: 'Trocado',
    approve: 'Aprovado',
    deposit: 'Depositado',
    withdraw: 'Sacado',
    mint: 'Cunhado',
    burn: 'Queimado',
    borrow: 'Emprestado',
    repay: 'Quitado',
    stake: 'Em staking',
    unstake: 'Retirado do staking',
    claim: 'Resgatado',
    execute: 'Executado',
    deploy: 'Implantado',
    cancel: 'Cancelado',
  }),
} satisfies Catalogue<typeof activityEn>
