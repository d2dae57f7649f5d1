/** Generated SVG images for the local wallet-provider API (no image files, no outside hosts). */

/** A rounded-square SVG with the name's initials on a colour derived from `seed`. */
export function walletImageSvg(name: string, seed: string): string {
  const hue = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7) % 360
  const initials = initialsOf(name)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,42%)"/></linearGradient></defs>`,
    '<rect width="96" height="96" rx="24" fill="url(#g)"/>',
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('')
}

/** Up to two letters: the first of two words ('Trust Wallet' → 'TW'), else a one-word name's capitals ('MetaMask' → 'MM'). */
function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? ['?']
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  const capitals = words[0]!.match(/\p{Lu}/gu) ?? []
  return (capitals.length >= 2 ? capitals.slice(0, 2).join('') : words[0]!.slice(0, 1)).toUpperCase()
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
