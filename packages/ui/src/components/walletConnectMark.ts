/**
 * @internal
 * WalletConnect's mark, drawn here as a small SVG (its blue rounded square with the white bridge,
 * an arch over a wave; not any project's file), so its row shows the mark instead of a letter. A
 * module of its own: the Connect views load this one mark, not the natives' (components/marks.ts).
 *
 * @example
 * <PorticoImage src={connector.imageUrl ?? walletConnectMark} name={connector.name} />
 */
export const walletConnectMark =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='%233396FF'/><path d='M9 13.5c4-4 10-4 14 0M5.5 16l5 5 5.5-5 5.5 5 5-5' fill='none' stroke='%23fff' stroke-width='2.4' stroke-linecap='round' stroke-linejoin='round'/></svg>"
