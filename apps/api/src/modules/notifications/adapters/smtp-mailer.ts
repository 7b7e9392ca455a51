import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** The sending job's key: the same mail retried keeps one Message-ID, so receivers can dedupe. */
  key: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real delivery through the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.url, {
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'envios.mx';
  return {
    async send(mail) {
      const id = createHash('sha256').update(mail.key).digest('hex').slice(0, 32);
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${id}@${domain}>`,
        headers: { 'Content-Language': 'es-MX' },
      });
    },
    close: () => transport.close(),
  };
}
