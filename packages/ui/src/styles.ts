// Entry of dist/styles.css: every stylesheet of the kit, so hosts import one file
// (`import '@portico/ui/styles.css'`). styles.test.ts fails when a *.css.ts is missing here.
import './css/base.css.js'
import './components/primitives.css.js'
import './components/qrCode.css.js'
import './buttons/buttons.css.js'
import './modal/modal.css.js'
import './modal/scrollLock.css.js'
import './modal/views/views.css.js'
import './features/send/send.css.js'
import './features/swap/swap.css.js'
import './modal/siwx/siwx.css.js'
import './modal/views/onramp/onramp.css.js'
import './modal/embedded/embedded.css.js'
