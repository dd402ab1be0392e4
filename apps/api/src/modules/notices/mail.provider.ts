import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One e-mail: a subject, a plain-text part and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The same for every attempt of one notice (`<notice-42@shop.example>`): a resend after a crash carries the
   * Message-ID of the first try, so a receiving system can tell it is the same message.
   */
  messageId: string;
}

export interface MailReceipt {
  /** The server's answer to the message (`250 2.0.0 Ok: queued as …`). */
  providerMessageId: string;
}

/** A mail server refused the message or could not be reached; `retryable` false when sending again cannot help. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<MailReceipt>;
}

export interface SmtpConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered), smtps://…:465, or smtp://host:25 for a local relay. */
  url: string;
  /** The sender, `商城 <shop@example.com>`. */
  from: string;
}

/**
 * Sends through an SMTP server (nodemailer). A permanent refusal (5xx: no such mailbox, a sender not allowed) is not
 * retried; a temporary one (4xx), a timeout or a server that cannot be reached is.
 */
export function createSmtpMail({ url, from }: SmtpConfig): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } satisfies SMTPTransport.Options);
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
        });
        return { providerMessageId: String(info.response ?? info.messageId).slice(0, 200) };
      } catch (error) {
        const {
          responseCode,
          response,
          code,
          message: text,
        } = error as {
          responseCode?: number;
          response?: string;
          code?: string;
          message?: string;
        };
        const permanent = responseCode !== undefined && responseCode >= 500;
        // The server's reply line already starts with its code ('550 5.1.1 …'): staff read it once, not '550 550'.
        const head = String(responseCode ?? code ?? 'SMTP');
        const answer = response ?? text ?? '';
        throw new MailSendError(
          (answer.startsWith(head) ? answer : `${head} ${answer}`).trim().slice(0, 500),
          !permanent,
        );
      }
    },
    close: () => transport.close(),
  };
}
