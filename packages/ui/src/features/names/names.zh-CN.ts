import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesZhCN = {
  nameTitle: '选择名称',
  nameIntro: '他人可以向这个名称转账，而无需使用您的地址。',
  nameLabel: '名称',
  nameCurrent: (name) => `您的名称：${name}`,
  nameInvalidCharacters: '只能使用字母、数字和连字符。',
  nameTooShort: '名称至少 4 个字符。',
  nameTooLong: '名称最多 63 个字符。',
  nameSuggestions: '推荐',
  nameSuggestionsLoading: '正在查找名称…',
  nameAvailable: '可用',
  nameTaken: '已被占用',
  nameIsTaken: (name) => `${name} 已被占用。`,
  nameRegister: '注册',
  nameSigning: '请在钱包中签署消息…',
  nameRejected: '您拒绝了签名请求。',
  nameErrorSuggestions: '获取名称推荐时出错',
  nameErrorNamesForAddress: '获取地址名称时出错',
  nameErrorRegister: (name) => `注册名称 ${name} 时出错`,
  nameErrorConnector: '未找到地址或认证连接器',
  nameSuccessTitle: '名称已注册',
  nameSuccessBody: (name) => `${name} 现已指向您的账户。`,
  nameBackToAccount: '返回账户',
} satisfies Catalogue<typeof namesEn>
