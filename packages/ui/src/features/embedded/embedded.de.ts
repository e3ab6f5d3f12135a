import type { Catalogue } from '../../i18n/featureMessages.js'
import type { embeddedEn } from './messages.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  emailLabel: 'E-Mail',
  emailPlaceholder: 'E-Mail',
  emailSubmit: 'Weiter',
  emailInvalid: 'Gib eine gültige E-Mail-Adresse ein',
  emailLoginTitle: 'E-Mail bestätigen',
  emailSending: 'Code wird gesendet…',
  otpPrompt: (email) => `Gib den Code ein, den wir an ${email} gesendet haben`,
  otpLabel: 'Einmalcode',
  otpDigit: (digit, total) => `Ziffer ${digit} von ${total}`,
  otpVerifying: 'Wird überprüft…',
  otpNotReceived: 'Nichts erhalten?',
  otpResend: 'Code erneut senden',
  otpResent: 'Ein neuer Code ist unterwegs',
  otpCooldown: (seconds) => `Bitte versuche es in ${seconds} Sekunden erneut`,
  otpChangeEmail: 'Andere E-Mail verwenden',
  deviceTitle: 'Dieses Gerät registrieren',
  deviceBody: (email) =>
    `Prüfe deine E-Mails, um dieses Gerät zu bestätigen. Wir haben einen Link an ${email} gesendet.`,
  deviceWaiting: 'Warte auf Bestätigung…',
  deviceResend: 'E-Mail erneut senden',
  initFailed: 'Beim Initialisieren der Authentifizierung ist ein Problem aufgetreten',
  updateEmailTitle: 'E-Mail ändern',
  updateEmailBody: 'Gib die neue E-Mail-Adresse deiner Wallet ein.',
  updateEmailNew: 'Neue E-Mail',
  updateEmailPrimary: (email) => `Gib den Code ein, den wir an deine aktuelle E-Mail gesendet haben, ${email}`,
  updateEmailSecondary: (email) => `Gib den Code ein, den wir an deine neue E-Mail gesendet haben, ${email}`,
  updateEmailDone: 'E-Mail aktualisiert',
  accountEmail: 'E-Mail',
  accountChangeEmail: 'Ändern',
  approveTitle: 'Anfrage bestätigen',
  approveBody: 'Prüfe die Anfrage im sicheren Fenster deiner Wallet.',
  approveWaiting: 'Sicheres Fenster wird geöffnet…',
  actionNotAllowed: 'Aktion nicht erlaubt',
} satisfies Catalogue<typeof embeddedEn>
