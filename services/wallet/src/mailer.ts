/** Sending codes by SMTP with nodemailer (docs/wallet-service.md, "Configuration", SMTP_*). */
import nodemailer from 'nodemailer'

/** A message the service sends. */
export type Mail = { to: string; subject: string; text: string }

/** What sends the service's mail; a test may pass its own. */
export type Mailer = { send(mail: Mail): Promise<void>; close(): void }

export type SmtpOptions = {
  host: string
  port: number
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean
  user?: string
  pass?: string
  /** The From header, e.g. `Wallet <wallet@example.com>`. */
  from: string
  /** Give up on a server that does not answer after this long (ms, default 10 s). */
  timeoutMs?: number
}

/** An SMTP mailer (a pool of up to 3 connections, reused). Nodemailer's own logger stays off: it would print message bodies. */
export function smtpMailer(options: SmtpOptions): Mailer {
  const timeout = options.timeoutMs ?? 10_000
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 3,
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    ...(options.user ? { auth: { user: options.user, pass: options.pass ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
    debug: false,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    close: () => transport.close(),
  }
}

/** The texts of the service's mails. */
export const mails = {
  login: (code: string): Omit<Mail, 'to'> => ({
    subject: 'Your wallet login code',
    text: `Your login code is ${code}\n\nIt works once, for 10 minutes. If you did not ask for it, ignore this message.\n`,
  }),
  updatePrimary: (code: string, newEmail: string): Omit<Mail, 'to'> => ({
    subject: 'Confirm your e-mail change',
    text: `Someone asked to move your wallet's login to ${newEmail}. Your confirmation code is ${code}\n\nIt works once, for 10 minutes. If you did not ask for it, ignore this message: nothing changes without it.\n`,
  }),
  updateSecondary: (code: string): Omit<Mail, 'to'> => ({
    subject: 'Confirm your new e-mail address',
    text: `Your confirmation code is ${code}\n\nEnter it to log in to your wallet with this address from now on. It works once, for 10 minutes.\n`,
  }),
}
