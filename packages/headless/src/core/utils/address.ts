// The sign-in verifier in core/siwx/server (moving to @portico/auth) imports this path; it forwards to
// the module's home until the verifier's move lands, then goes with it.
// biome-ignore lint/performance/noBarrelFile: a forwarding module, deleted with the verifier.
// biome-ignore lint/performance/noReExportAll: as above.
export * from '../../kernel/utils/address.js'
