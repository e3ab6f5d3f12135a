import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreZhCN = {
  continueWithWallet: '使用钱包继续',
  poweredBy: (name) => `由 ${name} 提供支持`,
} satisfies Catalogue<typeof connectMoreEn>
