import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesJa = {
  nameTitle: '名前を選ぶ',
  nameIntro: 'アドレスの代わりに送金先として使える名前です。',
  nameLabel: '名前',
  nameCurrent: (name) => `あなたの名前: ${name}`,
  nameInvalidCharacters: '英字、数字、ハイフンのみ使用できます。',
  nameTooShort: '名前は4文字以上です。',
  nameTooLong: '名前は63文字以内です。',
  nameSuggestions: '候補',
  nameSuggestionsLoading: '名前を検索中…',
  nameAvailable: '利用可能',
  nameTaken: '使用済み',
  nameIsTaken: (name) => `${name} は使用されています。`,
  nameRegister: '登録',
  nameSigning: 'ウォレットでメッセージに署名してください…',
  nameRejected: '署名リクエストを拒否しました。',
  nameErrorSuggestions: '名前の候補を取得できませんでした',
  nameErrorNamesForAddress: 'アドレスの名前を取得できませんでした',
  nameErrorRegister: (name) => `名前 ${name} を登録できませんでした`,
  nameErrorConnector: 'アドレスまたは認証コネクタが見つかりません',
  nameSuccessTitle: '名前を登録しました',
  nameSuccessBody: (name) => `${name} があなたのアカウントを指すようになりました。`,
  nameBackToAccount: 'アカウントに戻る',
} satisfies Catalogue<typeof namesEn>
