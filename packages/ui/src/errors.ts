import { BaseError } from '@portico/headless'

export type UIProviderNotFoundErrorType = UIProviderNotFoundError & { name: 'UIProviderNotFoundError' }
/** A UI component or hook was used outside `<PorticoUI>`. */
export class UIProviderNotFoundError extends BaseError {
  override name = 'UIProviderNotFoundError' as const
  constructor({ component }: { component: string }) {
    super(`\`${component}\` must be used within \`<PorticoUI>\`.`, {
      metaMessages: ['Wrap your app in <PorticoProvider config={portico}><PorticoUI>…</PorticoUI></PorticoProvider>.'],
    })
  }
}
