/**
 * English texts of what a page shows before the modal chunk loads: the buttons and the modal's loading frame.
 * They ship in the `latch/react` entry; every other text ships with the modal chunk (en-modal.ts), so an
 * English dapp's initial load carries no catalogue it does not draw (docs/i18n.md).
 */
export const enBase = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.account': 'Account {name}',
  'button.accountWithBalance': 'Account {name}, balance {balance}',
  'button.network': 'Network {name}: switch network',
  'button.networkUnsupported': 'Unsupported network {name}: switch network',
  'button.wrongNetwork': 'Wrong network',
  'modal.label': 'Connect Wallet',
  'modal.loading': 'Loading',
} as const
