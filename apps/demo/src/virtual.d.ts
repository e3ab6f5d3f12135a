declare module 'virtual:portico-devnet' {
  export const devnetConfig: import('./devnetConfig.js').DemoDevnetConfig
}
