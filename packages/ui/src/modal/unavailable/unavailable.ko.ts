import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableKo = {
  viewUnavailableTitle: '이 화면을 불러올 수 없습니다',
  viewUnavailableBody: '연결을 확인한 후 다시 시도하세요.',
} satisfies Catalogue<typeof viewUnavailableEn>
