import { describe, expect, it } from 'vitest'
import { createLatch, errorText, LatchError, shortMessages, visitorMessages, type ErrorDeclaration, type LatchErrorCode, type VisitorMessageId } from '../kernel/index'
import { createTestPorts } from '../kernel/testing'
import { activityErrors, api } from './api/index'
import { eip155, eip155Errors } from './eip155/index'
import { names, namesErrors } from './names/index'
import { siwx, siwxErrors } from './siwx/index'
import { walletConnect, walletConnectErrors } from './walletconnect/index'

// Every code and text that left the kernel's catalogue for a plugin's declaration (docs/errors.md, "Codes of the
// plugins"), with the message a LatchError of it had before the move, written out: it must not change.
const moved: readonly [string, string, ErrorDeclaration<string, string>, string][] = [
  ['siwx', 'SIWX_AUTH_ERROR', siwxErrors, 'A problem occurred while trying initialize authentication (SIWX_AUTH_ERROR)'],
  ['siwx', 'SIGNATURE_DECLINED', siwxErrors, 'Signature declined (SIGNATURE_DECLINED)'],
  ['siwx', 'SMART_ACCOUNT_UNSUPPORTED', siwxErrors, 'This application might not support Smart Accounts (SMART_ACCOUNT_UNSUPPORTED)'],
  ['siwx', 'SIWX_NOT_ENABLED', siwxErrors, 'SIWX is not enabled (SIWX_NOT_ENABLED)'],
  ['siwx', 'SIWX_NO_ACTIVE_ADDRESS', siwxErrors, 'No ActiveCaipAddress found (SIWX_NO_ACTIVE_ADDRESS)'],
  ['siwx', 'SIWX_NO_ACTIVE_NETWORK', siwxErrors, 'No ActiveCaipNetwork or client found (SIWX_NO_ACTIVE_NETWORK)'],
  ['names', 'NAME_LOOKUP_FAILED', namesErrors, 'Error fetching names for address (NAME_LOOKUP_FAILED)'],
  ['names', 'NAME_SUGGESTIONS_FAILED', namesErrors, 'Error fetching name suggestions (NAME_SUGGESTIONS_FAILED)'],
  ['names', 'NAME_REGISTRATION_FAILED', namesErrors, 'Error registering name alice.latch.id (NAME_REGISTRATION_FAILED)'],
  ['api', 'FETCH_TRANSACTIONS_FAILED', activityErrors, 'Failed to fetch transactions (FETCH_TRANSACTIONS_FAILED)'],
  ['api', 'TRANSACTIONS_ADDRESS_REQUIRED', activityErrors, "Transactions can't be fetched without an accountAddress (TRANSACTIONS_ADDRESS_REQUIRED)"],
  ['eip155', 'CAPABILITIES_ADDRESS_REQUIRED', eip155Errors, 'Missing address parameter in `wallet_getCapabilities` request (CAPABILITIES_ADDRESS_REQUIRED)'],
  // Born in a plugin's declaration rather than moved: WalletConnect's configuration error.
  ['walletconnect', 'WALLETCONNECT_NO_FAMILY', walletConnectErrors, 'WalletConnect needs a chain family plugin (WALLETCONNECT_NO_FAMILY)'],
]
// Texts that are not a code's own: the kernel code they go with, and the message before the move.
const movedTexts: readonly [string, string, LatchErrorCode, ErrorDeclaration<string, string>, string][] = [
  ['eip155', 'REQUEST_PENDING', 'REQUEST_ABORTED', eip155Errors, 'A request is already pending in your wallet (REQUEST_ABORTED)'],
  ['walletconnect', 'SIGN_CLIENT_NOT_INITIALIZED', 'NETWORK_ERROR', walletConnectErrors, 'Sign Client not initialized (NETWORK_ERROR)'],
  // Born in the declaration: a batch's status the session did not approve.
  ['walletconnect', 'CALL_STATUS_NOT_APPROVED', 'RPC_NOT_ALLOWED', walletConnectErrors, 'Fetching call status not approved by the wallet. (RPC_NOT_ALLOWED)'],
]
const values = { name: 'alice.latch.id' }

describe("the shipped plugins' own error codes", () => {
  it('are the plugin objects\' declarations, and no longer in the kernel\'s catalogue', () => {
    const plugins = { siwx: siwx(), names: names({ baseUrl: 'https://api.example.com', zone: 'latch.id' }), api: api(), eip155: eip155(), walletconnect: walletConnect({ projectId: 'p' }) }
    for (const [plugin, id, declaration] of [...moved, ...movedTexts.map(([plugin, id, , declaration]) => [plugin, id, declaration] as const)]) {
      expect(plugins[plugin as keyof typeof plugins].errors, id).toBe(declaration)
      expect(Object.hasOwn(shortMessages, id) || Object.hasOwn(visitorMessages, id), id).toBe(false)
    }
    // Nothing else moved: each declaration holds exactly these.
    const declared = [siwxErrors, namesErrors, activityErrors, eip155Errors, walletConnectErrors].flatMap((d) => [...Object.keys(d.codes), ...Object.keys(d.messages)]).sort()
    expect(declared).toEqual([...moved.map(([, id]) => id), ...movedTexts.map(([, id]) => id)].sort())
  })

  it.each(moved)('%s: %s leads with the same text as before, through its declaration before any latch registers it', (_, code, declaration, message) => {
    expect(errorText(code)).toBeUndefined()
    const error = declaration.error(code as LatchErrorCode, { values, details: 'd' })
    expect(error.message).toBe(`${message}: d`)
    expect(error.messageId).toBe(code)
  })

  it.each(movedTexts)('%s: the text %s leads its code\'s message as before, through its declaration', (_, id, code, declaration, message) => {
    expect(declaration.error(code, { message: id as VisitorMessageId }).message).toBe(message)
  })

  it('and once a latch registers the plugins, a plain LatchError of any of them reads as before; so does one from the log', () => {
    createLatch({
      plugins: [siwx(), names({ baseUrl: 'https://api.example.com', zone: 'latch.id' }), api(), eip155(), walletConnect({ projectId: 'p' })],
      ports: createTestPorts().ports,
    })
    for (const [, code, , message] of moved) {
      const error = new LatchError(code as LatchErrorCode, { values, details: 'd' })
      expect(error.message, code).toBe(`${message}: d`)
      expect(LatchError.fromData(JSON.parse(JSON.stringify(error.toData()))).toData(), code).toEqual(error.toData())
    }
    for (const [, id, code, , message] of movedTexts) expect(new LatchError(code, { message: id as VisitorMessageId }).message).toBe(message)
  })
})
