/** @internal The wallet-activity operation types a blockchain API reports (Zerion's set). */
export type OperationType =
  | 'send'
  | 'receive'
  | 'trade'
  | 'approve'
  | 'deposit'
  | 'withdraw'
  | 'mint'
  | 'burn'
  | 'borrow'
  | 'repay'
  | 'stake'
  | 'unstake'
  | 'claim'
  | 'execute'
  | 'deploy'
  | 'cancel'

/**
 * @internal
 * A translated label per operation type for the Activity list. A type the table lacks (an API
 * may add some) shows as it came, capitalised, as in English.
 */
export function operationLabel(labels: Record<OperationType, string>): (type: string) => string {
  // Own keys only: a type from the API named like an Object member ('constructor', '__proto__')
  // would otherwise read a function or an object, which React cannot render.
  return (type) => {
    const key = type.toLowerCase()
    return Object.hasOwn(labels, key)
      ? (labels as Record<string, string>)[key]!
      : type.charAt(0).toUpperCase() + type.slice(1)
  }
}
