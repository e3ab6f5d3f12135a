/** English text of the Connect view's collapsed wallets row and branding line; other languages load on demand. */
export const connectMoreEn = {
  /** The one row the wallets collapse behind (the `collapseWallets` feature). */
  continueWithWallet: 'Continue with a wallet',
  /** The branding line under the Connect view (the `reownBranding` feature); `name` is the kit's name. */
  poweredBy: (name: string) => `Powered by ${name}`,
}
