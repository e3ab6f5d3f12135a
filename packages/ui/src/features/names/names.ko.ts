import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesKo = {
  nameTitle: '이름 선택',
  nameIntro: '주소 대신 다른 사람이 송금할 수 있는 이름입니다.',
  nameLabel: '이름',
  nameCurrent: (name) => `내 이름: ${name}`,
  nameInvalidCharacters: '문자, 숫자, 하이픈만 사용할 수 있습니다.',
  nameTooShort: '이름은 4자 이상이어야 합니다.',
  nameTooLong: '이름은 63자 이하여야 합니다.',
  nameSuggestions: '추천',
  nameSuggestionsLoading: '이름을 찾는 중…',
  nameAvailable: '사용 가능',
  nameTaken: '사용 중',
  nameIsTaken: (name) => `${name}은(는) 이미 사용 중입니다.`,
  nameRegister: '등록',
  nameSigning: '지갑에서 메시지에 서명하세요…',
  nameRejected: '서명 요청을 거부했습니다.',
  nameErrorSuggestions: '이름 추천을 가져오는 중 오류가 발생했습니다',
  nameErrorNamesForAddress: '주소의 이름을 가져오는 중 오류가 발생했습니다',
  nameErrorRegister: (name) => `이름 ${name} 등록 중 오류가 발생했습니다`,
  nameErrorConnector: '주소 또는 인증 커넥터를 찾을 수 없습니다',
  nameSuccessTitle: '이름이 등록되었습니다',
  nameSuccessBody: (name) => `이제 ${name}이(가) 내 계정을 가리킵니다.`,
  nameBackToAccount: '계정으로 돌아가기',
} satisfies Catalogue<typeof namesEn>
