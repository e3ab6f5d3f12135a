import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} precisa se conectar à sua carteira`,
  siwxBody:
    'Assine uma mensagem na sua carteira para provar que esta conta é sua. Não custa nada e não envia nenhuma transação.',
  siwxAccount: (address, network) => `Entrando como ${address} em ${network}`,
  siwxRequired: 'É obrigatório entrar: cancelar desconecta sua carteira.',
  siwxSign: 'Assinar',
  siwxCancel: 'Cancelar',
  siwxAuthenticating: 'Autenticando...',
  siwxRejected: 'Você recusou a solicitação de login.',
  siwxFailed: 'Falha ao entrar. Tente novamente.',
  siwxRetry: 'Tentar novamente',
  siwxSignedIn: 'Conectado',
  siwxSignedOut: 'Não conectado',
  siwxSignIn: 'Entrar',
  siwxSignOut: 'Sair',
} satisfies Catalogue<typeof siwxEn>
