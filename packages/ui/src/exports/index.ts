// @portico/ui: the prebuilt modal. Page-start code is the provider and the buttons; the modal and
// each view are separate chunks loaded on demand.

export type { AllMessages } from '../allMessages.js'
export { AccountButton } from '../buttons/AccountButton.js'
export { ConnectButton, type ConnectButtonProps, type ConnectButtonRenderProps } from '../buttons/ConnectButton.js'
export { NetworkButton } from '../buttons/NetworkButton.js'
export { EmbeddedModal } from '../EmbeddedModal.js'
export { UIProviderNotFoundError, type UIProviderNotFoundErrorType } from '../errors.js'
export type {
  PayClosedErrorType,
  PayDisabledErrorType,
  PayInProgressErrorType,
} from '../features/pay/errors.js'
export type { PayUnavailableErrorType } from '../features/pay/unavailable.js'
export type { Locale } from '../i18n/locales.js'
export { en, type Messages } from '../i18n/messages.js'
export { PorticoUI, type PorticoUIProps } from '../PorticoUI.js'
export type { ModalViewWithData, SwapViewData } from '../useModal.js'
export { type ModalView, useModal, type ViewName } from '../useModal.js'
export { type PayRequest, type PayResult, usePay } from '../usePay.js'
