import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesEs = {
  nameTitle: 'Elige un nombre',
  nameIntro: 'Un nombre al que otros pueden enviar en lugar de tu dirección.',
  nameLabel: 'Nombre',
  nameCurrent: (name) => `Tu nombre: ${name}`,
  nameInvalidCharacters: 'Usa solo letras, dígitos y guiones.',
  nameTooShort: 'Un nombre tiene al menos 4 caracteres.',
  nameTooLong: 'Un nombre tiene como máximo 63 caracteres.',
  nameSuggestions: 'Sugerencias',
  nameSuggestionsLoading: 'Buscando nombres…',
  nameAvailable: 'Disponible',
  nameTaken: 'Ocupado',
  nameIsTaken: (name) => `${name} está ocupado.`,
  nameRegister: 'Registrar',
  nameSigning: 'Firma el mensaje en tu wallet…',
  nameRejected: 'Rechazaste la solicitud de firma.',
  nameErrorSuggestions: 'Error al obtener sugerencias de nombres',
  nameErrorNamesForAddress: 'Error al obtener los nombres de la dirección',
  nameErrorRegister: (name) => `Error al registrar el nombre ${name}`,
  nameErrorConnector: 'No se encontró la dirección o el conector de autenticación',
  nameSuccessTitle: 'Nombre registrado',
  nameSuccessBody: (name) => `${name} ahora apunta a tu cuenta.`,
  nameBackToAccount: 'Volver a la cuenta',
} satisfies Catalogue<typeof namesEn>
