import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesPtBR = {
  nameTitle: 'Escolha um nome',
  nameIntro: 'Um nome para o qual outras pessoas podem enviar em vez do seu endereço.',
  nameLabel: 'Nome',
  nameCurrent: (name) => `Seu nome: ${name}`,
  nameInvalidCharacters: 'Use apenas letras, dígitos e hifens.',
  nameTooShort: 'Um nome tem pelo menos 4 caracteres.',
  nameTooLong: 'Um nome tem no máximo 63 caracteres.',
  nameSuggestions: 'Sugestões',
  nameSuggestionsLoading: 'Procurando nomes…',
  nameAvailable: 'Disponível',
  nameTaken: 'Em uso',
  nameIsTaken: (name) => `${name} já está em uso.`,
  nameRegister: 'Registrar',
  nameSigning: 'Assine a mensagem na sua carteira…',
  nameRejected: 'Você recusou o pedido de assinatura.',
  nameErrorSuggestions: 'Erro ao buscar sugestões de nomes',
  nameErrorNamesForAddress: 'Erro ao buscar os nomes do endereço',
  nameErrorRegister: (name) => `Erro ao registrar o nome ${name}`,
  nameErrorConnector: 'Endereço ou conector de autenticação não encontrado',
  nameSuccessTitle: 'Nome registrado',
  nameSuccessBody: (name) => `${name} agora aponta para a sua conta.`,
  nameBackToAccount: 'Voltar para a conta',
} satisfies Catalogue<typeof namesEn>
