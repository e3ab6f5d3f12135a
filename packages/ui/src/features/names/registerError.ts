import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

/**
 * The text a failed registration shows in RegisterAccountName, by the headless error's name:
 * the spec's 'Address or auth connector not found' and 'Error registering name {name}' (with
 * "is taken" when someone holds it), or the user's own decline (a cancel, not a failure).
 *
 * @example
 * registerErrorText(text, register.error, 'alice.reown.id') // ['Error registering name alice.reown.id', 'alice.reown.id is taken.']
 */
export function registerErrorText(
  text: Catalogue<typeof namesEn>,
  error: { name: string; reason?: string | undefined } | null | undefined,
  name: string,
): [title: string, detail?: string] | undefined {
  if (!error) return undefined
  if (error.name === 'UserRejectedRequestError') return [text.nameRejected]
  if (error.name === 'NameConnectorNotFoundError') return [text.nameErrorConnector]
  if (error.name === 'NameRegistrationError' && error.reason === 'taken')
    return [text.nameErrorRegister(name), text.nameIsTaken(name)]
  return [text.nameErrorRegister(name)]
}
