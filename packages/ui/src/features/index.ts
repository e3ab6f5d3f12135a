import type { ViewTable } from '../modal/viewRegistry.js'
import { accountViews } from './account/views.js'
import { connectViews } from './connect/views.js'
import { embeddedViews, embeddedWatcher } from './embedded/views.js'
import { namesViews } from './names/views.js'
import { networksViews } from './networks/views.js'
import { onRampViews } from './onramp/views.js'
import { payViews } from './pay/views.js'
import { sendViews } from './send/views.js'
import { siwxViews, siwxWatcher } from './siwx/views.js'
import { swapViews } from './swap/views.js'
import { walletConnectViews } from './walletconnect/views.js'
import { walletsViews } from './wallets/views.js'

// The one place that joins the features: each feature's views (typed by its own declaration merge
// into `ModalViews`, see ../modal/viewRegistry.ts) and watchers. Only `<PorticoUI>` imports this
// module and hands the table to the modal through its controller; neither a feature nor the shell
// imports it, so the shell knows no feature and the features know only the shell.

/**
 * @internal The modal's table of views and the features' watchers. Its own type (not `ViewTable`)
 * keeps the view names literal for the public `ViewName`: a bundled `.d.ts` drops the features'
 * declaration merges, so the public types must not read `ModalViews`.
 */
export const viewTable = {
  views: {
    ...connectViews,
    ...walletConnectViews,
    ...accountViews,
    ...networksViews,
    ...onRampViews,
    ...swapViews,
    ...siwxViews,
    ...sendViews,
    ...payViews,
    ...embeddedViews,
    ...namesViews,
    ...walletsViews,
  },
  watchers: [siwxWatcher, embeddedWatcher],
} satisfies ViewTable
