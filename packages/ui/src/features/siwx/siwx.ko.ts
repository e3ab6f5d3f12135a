import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app}에서 지갑 연결이 필요합니다`,
  siwxBody:
    '이 계정의 소유자임을 증명하려면 지갑에서 메시지에 서명하세요. 비용이 들지 않으며 트랜잭션도 전송되지 않습니다.',
  siwxAccount: (address, network) => `${network}에서 ${address}(으)로 로그인 중`,
  siwxRequired: '로그인이 필요합니다. 취소하면 지갑 연결이 해제됩니다.',
  siwxSign: '서명',
  siwxCancel: '취소',
  siwxAuthenticating: '인증 중...',
  siwxRejected: '로그인 요청을 거절했습니다.',
  siwxFailed: '로그인하지 못했습니다. 다시 시도해 주세요.',
  siwxRetry: '다시 시도',
  siwxSignedIn: '로그인됨',
  siwxSignedOut: '로그인 안 됨',
  siwxSignIn: '로그인',
  siwxSignOut: '로그아웃',
} satisfies Catalogue<typeof siwxEn>
