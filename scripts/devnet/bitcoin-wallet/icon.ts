/** The Bitcoin dev wallet's icon: the Latch padlock on a bitcoin-orange tile, as an SVG data URI. */

const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
  '<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbb040"/><stop offset="1" stop-color="#f7931a"/></linearGradient></defs>',
  '<rect width="96" height="96" rx="24" fill="url(#b)"/>',
  '<path d="M34 44v-8a14 14 0 0 1 28 0" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  '<rect x="26" y="42" width="44" height="32" rx="8" fill="#fff"/>',
  '<circle cx="48" cy="56" r="5" fill="#f7931a"/><rect x="45.5" y="58" width="5" height="9" rx="2.5" fill="#f7931a"/>',
  '</svg>',
].join('')

/** The icon as a data:image/svg+xml URI. */
export const bitcoinWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}`
