/**
 * `latch/plugins/names`: the provider API's name service (docs/names.md). Register it beside the api plugin:
 * `names({ baseUrl, zone: 'latch.id' })`.
 */
export { names, registerName, type NamesOptions, type RegisterNameErrorType } from './plugin'
export * from './names'
export { registrationMessage } from './registration-message'
export { namesErrors } from './error-codes'
