// @portico/headless/permissions/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/permissions' (its core entry, usable without React). The
// build gives this entry, and no core entry, the 'use client' directive.

export {
  type UseGrantPermissionsParameters,
  useGrantPermissions,
} from '../../features/permissions/react/useGrantPermissions.js'
export { usePermissions } from '../../features/permissions/react/usePermissions.js'
export {
  type UseRevokePermissionsParameters,
  useRevokePermissions,
} from '../../features/permissions/react/useRevokePermissions.js'
