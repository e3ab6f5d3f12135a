import type { Messages } from '../messages.js'

// French typography: a no-break space inside « » guillemets.
const nbsp = '\u00a0'

/** French («portefeuille», «vous»). */
export const fr: Messages = {
  connectWallet: 'Connecter un portefeuille',
  connecting: 'Connexion…',
  restoring: 'Restauration…',
  wrongNetwork: 'Mauvais réseau',
  close: 'Fermer',
  back: 'Retour',
  // Views
  titleConnect: 'Connecter un portefeuille',
  titleAllWallets: 'Tous les portefeuilles',
  titleAccount: 'Compte',
  titleNetworks: 'Choisir un réseau',
  titleUnsupported: 'Changer de réseau',
  // Connect
  sectionWallets: 'Portefeuilles',
  allWallets: 'Tous les portefeuilles',
  noWalletsTitle: 'Aucun portefeuille trouvé',
  noWalletsBody: 'Installez un portefeuille de navigateur ou connectez-en un depuis votre téléphone.',
  badgeRecent: 'Récent',
  badgeInstalled: 'Installé',
  badgeFeatured: 'À la une',
  // AllWallets
  searchPlaceholder: 'Rechercher un portefeuille',
  searchLabel: 'Rechercher un portefeuille',
  noSearchResults: (query) => `Aucun portefeuille ne correspond à «${nbsp}${query}${nbsp}»`,
  connectForNetwork: (network) => `Connectez un portefeuille pour ${network}`,
  directoryUnavailable: 'Impossible de charger l’annuaire des portefeuilles.',
  notInstalled: (wallet) => `${wallet} n’est pas installé`,
  notInstalledBody: 'Installez le portefeuille, puis revenez pour le connecter.',
  getWallet: (wallet) => `Obtenir ${wallet}`,
  // French uses the singular for 0 and 1.
  walletCount: (count) => `${count} ${count < 2 ? 'portefeuille' : 'portefeuilles'}`,
  // ConnectingExternal
  continueInWallet: (wallet) => `Continuez dans ${wallet}`,
  acceptRequest: 'Acceptez la demande de connexion dans le portefeuille.',
  connectionRejected: 'Connexion refusée',
  connectionRejectedBody: 'La demande a été refusée dans le portefeuille.',
  connectionFailed: 'Échec de la connexion',
  connectionFailedBody: 'Un problème est survenu. Réessayez ou choisissez un autre portefeuille.',
  tryAgain: 'Réessayer',
  // WalletConnect
  titleWalletConnect: 'WalletConnect',
  badgeQrCode: 'Code QR',
  scanWithPhone: 'Scannez ce code QR avec votre téléphone',
  scanWithWallet: (wallet) => `Scannez avec ${wallet} ou ouvrez-le ci-dessous`,
  qrLabel: 'Code QR WalletConnect',
  qrLabelWallet: (wallet) => `Code QR pour connecter ${wallet}`,
  qrLoading: 'Préparation du code QR…',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  copyLinkFailed: 'Impossible de copier le lien',
  openInApp: (wallet) => `Ouvrir ${wallet}`,
  openDesktopApp: 'Ouvrir l’application de bureau',
  openWebApp: 'Ouvrir l’application web',
  waitingForApproval: 'Approuvez la connexion dans votre portefeuille.',
  // Account
  copyAddress: 'Copier l’adresse',
  addressCopied: 'Adresse copiée',
  copyFailed: 'Impossible de copier l’adresse',
  viewOnExplorer: 'Explorateur de blocs',
  disconnect: 'Déconnecter',
  disconnected: 'Portefeuille déconnecté',
  disconnectFailed: 'Échec de la déconnexion',
  tabTokens: 'Jetons',
  tabNfts: 'NFT',
  tabActivity: 'Activité',
  noTokens: 'Aucun jeton pour l’instant',
  noTokensBody: 'Les jetons que vous détenez sur ce réseau s’affichent ici.',
  noNfts: 'Aucun NFT pour l’instant',
  noNftsBody: 'Vos NFT s’afficheront ici.',
  noActivity: 'Aucune activité pour l’instant',
  noActivityBody: 'Vos transactions s’afficheront ici.',
  activityFailed: 'Impossible de récupérer les transactions',
  loadMore: 'Charger plus',
  balanceUnavailable: 'Solde des jetons indisponible',
  loading: 'Chargement…',
  network: 'Réseau',
  // Networks
  networkActive: 'Actif',
  switchingNetwork: 'Approuvez dans le portefeuille…',
  switchNetworkFailed: 'Impossible de changer de réseau',
  // Unsupported
  unsupportedTitle: 'Ce réseau n’est pas pris en charge',
  unsupportedBody: 'Passez à un réseau pris en charge pour continuer.',
  // Images
  imageFallback: (name) => `Icône de ${name}`,
}
