import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsKo = {
  walletsTitle: '지갑',
  walletsOpen: '연결된 지갑',
  walletsAdd: '지갑 추가',
  walletsSwitch: '전환',
  walletsReconnect: '다시 연결',
  walletsDisconnect: '연결 해제',
  walletsActive: '사용 중',
  walletsDisconnected: '연결 해제됨',
  walletsEmpty: '연결된 지갑이 없습니다',
  walletsSwitchFailed: '지갑을 전환할 수 없습니다',
  walletsReconnectFailed: '이 지갑을 다시 연결할 수 없습니다. 다시 시도하세요.',
  walletsDisconnectOne: (name) => `${name} 연결 해제`,
  walletsSwitchTo: (name) => `${name}(으)로 전환`,
} satisfies Catalogue<typeof walletsEn>
