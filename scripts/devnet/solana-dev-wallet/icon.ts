/** The Solana dev wallet's icon: the latch on Solana's violet-to-green tile, as an SVG data URI (the wallet standard requires one). */

const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
  '<defs><linearGradient id="s" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs>',
  '<rect width="96" height="96" rx="24" fill="url(#s)"/>',
  '<path d="M34 44v-8a14 14 0 0 1 28 0" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  '<rect x="26" y="42" width="44" height="32" rx="8" fill="#fff"/>',
  '<circle cx="48" cy="56" r="5" fill="#9945ff"/><rect x="45.5" y="58" width="5" height="9" rx="2.5" fill="#9945ff"/>',
  '</svg>',
].join('')

export const solanaDevWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}` as const
