import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesFr = {
  nameTitle: 'Choisir un nom',
  nameIntro: 'Un nom auquel on peut envoyer à la place de votre adresse.',
  nameLabel: 'Nom',
  nameCurrent: (name) => `Votre nom : ${name}`,
  nameInvalidCharacters: 'Utilisez uniquement des lettres, des chiffres et des tirets.',
  nameTooShort: 'Un nom compte au moins 4 caractères.',
  nameTooLong: 'Un nom compte au plus 63 caractères.',
  nameSuggestions: 'Suggestions',
  nameSuggestionsLoading: 'Recherche de noms…',
  nameAvailable: 'Disponible',
  nameTaken: 'Pris',
  nameIsTaken: (name) => `${name} est déjà pris.`,
  nameRegister: 'Enregistrer',
  nameSigning: 'Signez le message dans votre wallet…',
  nameRejected: 'Vous avez refusé la demande de signature.',
  nameErrorSuggestions: 'Erreur lors de la récupération des suggestions de noms',
  nameErrorNamesForAddress: "Erreur lors de la récupération des noms de l'adresse",
  nameErrorRegister: (name) => `Erreur lors de l'enregistrement du nom ${name}`,
  nameErrorConnector: "Adresse ou connecteur d'authentification introuvable",
  nameSuccessTitle: 'Nom enregistré',
  nameSuccessBody: (name) => `${name} pointe désormais vers votre compte.`,
  nameBackToAccount: 'Retour au compte',
} satisfies Catalogue<typeof namesEn>
