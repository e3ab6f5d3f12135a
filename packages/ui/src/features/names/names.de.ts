import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesDe = {
  nameTitle: 'Namen wählen',
  nameIntro: 'Ein Name, an den andere statt an Ihre Adresse senden können.',
  nameLabel: 'Name',
  nameCurrent: (name) => `Ihr Name: ${name}`,
  nameInvalidCharacters: 'Nur Buchstaben, Ziffern und Bindestriche verwenden.',
  nameTooShort: 'Ein Name hat mindestens 4 Zeichen.',
  nameTooLong: 'Ein Name hat höchstens 63 Zeichen.',
  nameSuggestions: 'Vorschläge',
  nameSuggestionsLoading: 'Namen werden gesucht…',
  nameAvailable: 'Verfügbar',
  nameTaken: 'Vergeben',
  nameIsTaken: (name) => `${name} ist vergeben.`,
  nameRegister: 'Registrieren',
  nameSigning: 'Signieren Sie die Nachricht in Ihrer Wallet…',
  nameRejected: 'Sie haben die Signaturanfrage abgelehnt.',
  nameErrorSuggestions: 'Fehler beim Abrufen der Namensvorschläge',
  nameErrorNamesForAddress: 'Fehler beim Abrufen der Namen der Adresse',
  nameErrorRegister: (name) => `Fehler beim Registrieren des Namens ${name}`,
  nameErrorConnector: 'Adresse oder Auth-Connector nicht gefunden',
  nameSuccessTitle: 'Name registriert',
  nameSuccessBody: (name) => `${name} verweist jetzt auf Ihr Konto.`,
  nameBackToAccount: 'Zurück zum Konto',
} satisfies Catalogue<typeof namesEn>
