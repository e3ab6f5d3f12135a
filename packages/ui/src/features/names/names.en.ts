/**
 * English text of the name views; other languages load on demand. The three errors are the
 * spec's texts word for word ('Error fetching name suggestions', 'Error registering name {name}',
 * 'Address or auth connector not found', 'Error fetching names for address').
 */
export const namesEn = {
  nameTitle: 'Choose a name',
  nameIntro: 'A name others can send to instead of your address.',
  nameLabel: 'Name',
  nameCurrent: (name: string) => `Your name: ${name}`,
  nameInvalidCharacters: 'Use only letters, digits and hyphens.',
  nameTooShort: 'A name has at least 4 characters.',
  nameTooLong: 'A name has at most 63 characters.',
  nameSuggestions: 'Suggestions',
  nameSuggestionsLoading: 'Looking for names…',
  nameAvailable: 'Available',
  nameTaken: 'Taken',
  nameIsTaken: (name: string) => `${name} is taken.`,
  nameRegister: 'Register',
  nameSigning: 'Sign the message in your wallet…',
  nameRejected: 'You declined the signature request.',
  nameErrorSuggestions: 'Error fetching name suggestions',
  nameErrorNamesForAddress: 'Error fetching names for address',
  nameErrorRegister: (name: string) => `Error registering name ${name}`,
  nameErrorConnector: 'Address or auth connector not found',
  nameSuccessTitle: 'Name registered',
  nameSuccessBody: (name: string) => `${name} now points to your account.`,
  nameBackToAccount: 'Back to account',
}
