// The QR code of a WalletConnect pairing URI (docs/walletconnect.md, "QR code").
export { encodeQr, type EcLevel, type QrCode, type QrOptions } from './encode'
export { qrPath, qrSvg, type QrDrawOptions, type QrPath } from './path'
