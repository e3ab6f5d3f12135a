/**
 * @internal
 * What a wallet feature's button renders while its code or its text is still loading. The row
 * (`WalletFeatures`) stays hidden while any of these is in it and then shows every button at once:
 * a button that joined later used to push the others along, so a pointer already aiming at Send
 * could land on another button or on nothing (the Account view).
 *
 * @example
 * const text = useFeatureMessages(swapMessages)
 * if (!text) return <FeaturePending />
 */
export function FeaturePending() {
  return <span hidden data-pending="" />
}
