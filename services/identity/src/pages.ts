/**
 * The local providers' own pages: a login form (e-mail and name, nothing checked: it is a stand-in) and a consent page
 * with "Allow" and "Deny" (docs/identity-providers.md, "The pages").
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box;margin:.4rem 0}input,button{padding:.5rem}form.inline{display:inline}</style></head><body><h1>${escape(title)}</h1>${body}</body></html>`
}

export function loginPage(provider: string, action: string, client: string): string {
  return page(
    `Sign in to ${provider} (local)`,
    `<p>A local stand-in for ${escape(provider)}: any e-mail signs in. <strong>${escape(client)}</strong> asks you to sign in.</p>` +
      `<form method="post" action="${escape(action)}"><label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus>` +
      `<label for="name">Name</label><input id="name" name="name" type="text" required><button type="submit">Sign in</button></form>`,
  )
}

export function consentPage(provider: string, allow: string, deny: string, client: string, email: string, scopes: readonly string[]): string {
  const asked = scopes.length ? `<ul>${scopes.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>` : ''
  return page(
    `Allow ${client} to use your ${provider} account? (local)`,
    `<p>Signed in as <strong>${escape(email)}</strong>. <strong>${escape(client)}</strong> asks for:</p>${asked}` +
      `<form method="post" action="${escape(allow)}"><button type="submit" name="decision" value="allow">Allow</button></form>` +
      `<form method="post" action="${escape(deny)}"><button type="submit" name="decision" value="deny">Deny</button></form>`,
  )
}

export function errorPage(provider: string, message: string): string {
  return page(`${provider} (local): error`, `<p>${escape(message)}</p>`)
}
