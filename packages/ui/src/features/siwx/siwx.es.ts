import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} necesita conectarse a tu billetera`,
  siwxBody:
    'Firma un mensaje en tu billetera para demostrar que esta cuenta es tuya. No cuesta nada ni envía ninguna transacción.',
  siwxAccount: (address, network) => `Iniciando sesión como ${address} en ${network}`,
  siwxRequired: 'Es obligatorio iniciar sesión: si cancelas, se desconectará tu billetera.',
  siwxSign: 'Firmar',
  siwxCancel: 'Cancelar',
  siwxAuthenticating: 'Autenticando...',
  siwxRejected: 'Rechazaste la solicitud de inicio de sesión.',
  siwxFailed: 'No se pudo iniciar sesión. Inténtalo de nuevo.',
  siwxRetry: 'Reintentar',
  siwxSignedIn: 'Sesión iniciada',
  siwxSignedOut: 'Sin iniciar sesión',
  siwxSignIn: 'Iniciar sesión',
  siwxSignOut: 'Cerrar sesión',
} satisfies Catalogue<typeof siwxEn>
