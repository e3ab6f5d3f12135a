import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableZhCN = {
  viewUnavailableTitle: '无法加载此页面',
  viewUnavailableBody: '请检查网络连接，然后重试。',
} satisfies Catalogue<typeof viewUnavailableEn>
