import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableJa = {
  viewUnavailableTitle: 'この画面を読み込めませんでした',
  viewUnavailableBody: '接続を確認してから、もう一度お試しください。',
} satisfies Catalogue<typeof viewUnavailableEn>
