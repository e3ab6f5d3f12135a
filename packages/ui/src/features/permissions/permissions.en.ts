/** English text of the Account view's permissions list; other languages load on demand. */
export const permissionsEn = {
  permissionsTitle: 'Permissions',
  /** A native-token allowance: `amount` with its symbol, `period` from the period texts below. */
  permissionsNative: (amount: string, period: string) => `Spend up to ${amount} every ${period}`,
  /** An ERC-20 allowance: `amount` in the token's base units, `token` its shortened address. */
  permissionsToken: (amount: string, token: string, period: string) =>
    `Spend up to ${amount} units of ${token} every ${period}`,
  permissionsContract: (address: string) => `Call contract ${address}`,
  permissionsDays: (count: string) => (count === '1' ? 'day' : `${count} days`),
  permissionsHours: (count: string) => (count === '1' ? 'hour' : `${count} hours`),
  permissionsSeconds: (count: string) => `${count} seconds`,
  permissionsUntil: (date: string) => `Until ${date}`,
  permissionsRevoke: 'Revoke',
  /** The Revoke button's accessible name: which permission it ends. */
  permissionsRevokeOne: (what: string) => `Revoke: ${what}`,
  permissionsRevoked: 'Permission revoked',
  permissionsRevokeFailed: 'Could not revoke the permission. Try again.',
  permissionsFailed: 'Could not load permissions',
}
