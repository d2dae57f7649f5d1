import { describe, expect, it } from 'vitest'
import { visitorMessages, type ErrorDeclaration } from '../../kernel/index'
import { api } from '../../plugins/api/index'
import { eip155 } from '../../plugins/eip155/index'
import { names } from '../../plugins/names/index'
import { swap } from '../../plugins/swap/index'
import { onramp } from '../../plugins/onramp/index'

import { siwx } from '../../plugins/siwx/index'
import { walletConnect } from '../../plugins/walletconnect/index'
import { embeddedWallet } from '../../plugins/embedded/index'
import { pseudoMessages } from './pseudo'
import { builtinLocales } from './builtin'
import { enBase } from './en-base'
import { enModal } from './en-modal'
import { messageArguments } from './format'
import type { Messages } from './messages'
import { checkLocale } from './check'

import { shippedErrors } from './plugin-errors'

// The error texts: the kernel's catalogue plus the declarations of the plugins Latch ships, read from the plugin objects
// themselves (docs/i18n.md): a code a shipped plugin declares is an id every catalogue must have.
const declared: ErrorDeclaration<string, string>[] = [eip155(), walletConnect({ projectId: 'p' }), embeddedWallet({ frameUrl: 'https://wallet.example.com/frame' }), siwx(), names({ baseUrl: 'https://api.example.com', zone: 'latch.id' }), swap({ baseUrl: 'https://api.example.com' }), api(), onramp({ baseUrl: 'https://api.example.com' })].flatMap((plugin) => (plugin.errors ? [plugin.errors] : []))

const errorTexts: Record<string, string> = { ...visitorMessages }
for (const declaration of declared) Object.assign(errorTexts, declaration.codes, declaration.messages)
const english: Record<string, string> = { ...enBase, ...enModal, ...Object.fromEntries(Object.entries(errorTexts).map(([id, text]) => [`error.${id}`, text])) }
const ids = Object.keys(english).sort()

async function load(locale: string): Promise<Record<string, string>> {
  const definition = builtinLocales.find((d) => d.locale === locale)
  if (!definition || typeof definition.messages !== 'function') throw new Error(`no lazy catalogue for ${locale}`)
  const module = await definition.messages()
  return ('default' in module ? module.default : module) as Record<string, string>
}

describe('the message catalogue', () => {
  it('ships the seven languages besides English, Arabic right to left', () => {
    expect(builtinLocales.map((d) => d.locale)).toEqual(['es', 'fr', 'de', 'ja', 'zh-CN', 'pt-BR', 'ar'])
    expect(builtinLocales.filter((d) => d.dir === 'rtl').map((d) => d.locale)).toEqual(['ar'])
  })

  it("holds the shipped plugins' error texts: each plugin's declaration, and the list the UI reads", () => {
    expect(declared.length).toBe(8)
    expect(new Set(shippedErrors)).toEqual(new Set(declared))
    for (const id of ['SIWX_AUTH_ERROR', 'NAME_REGISTRATION_FAILED', 'FETCH_TRANSACTIONS_FAILED', 'CAPABILITIES_ADDRESS_REQUIRED', 'REQUEST_PENDING', 'SIGN_CLIENT_NOT_INITIALIZED']) {
      expect(Object.hasOwn(visitorMessages, id), id).toBe(false)
      expect(english[`error.${id}`], id).toBeTruthy()
    }
  })

  it('a catalogue without one plugin error text is incomplete', async () => {
    const { 'error.SIWX_NOT_ENABLED': _, ...fr } = await load('fr')
    expect(checkLocale('fr', fr)).toEqual(['error.SIWX_NOT_ENABLED: missing'])
    expect(Object.keys(fr).sort()).not.toEqual(ids)
  })

  it('English parses: every text is valid message syntax', () => {
    for (const id of ids) expect(messageArguments(english[id] ?? ''), id).toBeDefined()
  })

  describe.each(builtinLocales.map((d) => d.locale))('%s', (locale) => {
    it('has every id, and no other', async () => {
      const messages = await load(locale)
      expect(Object.keys(messages).sort()).toEqual(ids)
      for (const id of ids) expect(messages[id]?.trim(), `${locale} ${id}`).toBeTruthy()
    })

    it('passes checkLocale', async () => {
      expect(checkLocale(locale, await load(locale))).toEqual([])
    })

    it("asks for English's placeholders, and gives every plural form the language has", async () => {
      const messages = await load(locale)
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
      for (const id of ids) {
        const theirs = messageArguments(messages[id] ?? '')
        const ours = messageArguments(english[id] ?? '')
        expect(theirs, `${locale} ${id} does not parse: ${messages[id]}`).toBeDefined()
        expect(theirs?.names, `${locale} ${id}`).toEqual(ours?.names)
        for (const [name, keys] of Object.entries(ours?.plurals ?? {})) {
          const given = theirs?.plurals[name] ?? []
          for (const category of categories) expect(given, `${locale} ${id}: plural form '${category}'`).toContain(category)
          for (const exact of keys.filter((k) => k.startsWith('='))) expect(given, `${locale} ${id}: ${exact}`).toContain(exact)
        }
      }
    })
  })

  // The name flow reads as one wording: the Account row, the view's title, then its success (docs/names.md, "Choosing a name").
  it.each(['en', ...builtinLocales.map((d) => d.locale)])('%s: the name row and the title of its view are one text', async (locale) => {
    const messages = locale === 'en' ? english : await load(locale)
    const lower = (id: string) => messages[id]?.toLocaleLowerCase(locale)
    expect(lower('view.RegisterAccountName')).toBe(lower('names.row'))
  })

  // The Wallets view's confirmation sets its Disconnect beside Cancel: the two must not read alike (Arabic's usual
  // 'Disconnect', إلغاء الربط, begins with its 'Cancel', إلغاء).
  it.each(['en', ...builtinLocales.map((d) => d.locale)])('%s: the confirmation\'s Disconnect does not read like Cancel', async (locale) => {
    const messages = locale === 'en' ? english : await load(locale)
    const [confirm, cancel] = [messages['profile.confirmButton'] ?? '', messages['common.cancel'] ?? '']
    expect(confirm.startsWith(cancel) || cancel.startsWith(confirm)).toBe(false)
  })

  it('English chooses a name all along: Choose a name, Choose a Name, Name Chosen, chosen successfully', () => {
    expect([english['names.row'], english['view.RegisterAccountName'], english['view.RegisterAccountNameSuccess'], english['names.success']]).toEqual([
      'Choose a name',
      'Choose a Name',
      'Name Chosen',
      'Account name chosen successfully',
    ])
  })

  it('Japanese writes receiving one way (受け取り), never 受取', async () => {
    const messages = await load('ja')
    expect(messages['view.Receive']).toBe('受け取り')
    expect(messages['activity.op.receive']).toBe('受け取り')
    expect(Object.entries(messages).filter(([, text]) => text.includes('受取'))).toEqual([])
  })

  it('checkLocale finds what a translator can get wrong', () => {
    const problems = checkLocale('fr', { 'button.connect': ' ', 'connecting.continueIn': 'Continuer dans {wallet}', 'allWallets.found': '{count, plural, one {# trouvé} other {# trouvés}}', 'nope.id': 'x', 'view.Send': 'Envoyer {' } as never, { partial: true })
    expect(problems).toEqual([
      'nope.id: no such message',
      'button.connect: empty',
      'view.Send: does not parse',
      "allWallets.found: plural {count} lacks the 'many' form",
      "allWallets.found: plural {count} lacks the '=0' form",
      'connecting.continueIn: placeholders {wallet}, English has {name}',
    ])
    expect(checkLocale('fr', {}).length).toBe(ids.length)
  })

  it('the pseudo-locale covers every id and keeps every placeholder', () => {
    const pseudo: Messages = pseudoMessages()
    expect(Object.keys(pseudo).sort()).toEqual(ids)
    for (const id of ids) expect(messageArguments(pseudo[id as keyof Messages])?.names, id).toEqual(messageArguments(english[id] ?? '')?.names)
  })
})
