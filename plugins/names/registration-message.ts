/** What the account signs to register `name` (docs/names.md, "Registering"): a JSON text naming the name, the address, the coin type and the time. */
export function registrationMessage(parameters: { name: string; address: string; coinType: number; timestamp: number }): string {
  const { name, address, coinType, timestamp } = parameters
  return JSON.stringify({ name, address, coin_type: coinType, timestamp })
}
