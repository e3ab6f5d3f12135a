// @portico/headless/permissions: ERC-7715 permissions (smart sessions) without React (the hooks:
// '/permissions/react'): grant, list and revoke, through the connected wallet and the hosted
// session service. Its own entry, not the main one, so none of it reaches page start.

export type {
  FetchSmartSessionsErrorType,
  InvalidPermissionRequestErrorType,
  PermissionResponseErrorType,
  PermissionsNotSupportedErrorType,
  RevokeSmartSessionErrorType,
  SmartSessionsDisabledErrorType,
} from '../features/permissions/errors.js'
export {
  type GetPermissionsErrorType,
  type GetPermissionsParameters,
  type GetPermissionsReturnType,
  getPermissions,
} from '../features/permissions/getPermissions.js'
export {
  type GrantPermissionsErrorType,
  type GrantPermissionsParameters,
  type GrantPermissionsReturnType,
  grantPermissions,
} from '../features/permissions/grantPermissions.js'
export type { GrantedPermission, PermissionItem, PermissionSource } from '../features/permissions/permission.js'
export {
  grantPermissionsMutationOptions,
  type PermissionsQueryErrorType,
  permissionsQueryOptions,
  revokePermissionsMutationOptions,
} from '../features/permissions/query.js'
export {
  type RevokePermissionsErrorType,
  type RevokePermissionsParameters,
  type RevokePermissionsReturnType,
  revokePermissions,
} from '../features/permissions/revokePermissions.js'
