/** The WalletConnect row's icon: a link between two devices, drawn for Latch (a data URL, no request). */
export const walletConnectIcon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#3b99fc"/>' +
      '<path d="M18 26c7.7-7.4 20.3-7.4 28 0M23.5 31.5c4.7-4.5 12.3-4.5 17 0" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round"/>' +
      '<path d="M16 38l8 8 8-8 8 8 8-8" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  )
