import nodemailer from 'nodemailer';
import type { MailTransport } from './sender';

/** Delivers through the SMTP server of `SMTP_URL` with nodemailer (TLS as the address says; a pool of connections). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(mail, from) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        date: new Date(mail.createdAt),
        headers: mail.headers,
      });
    },
    close() {
      transporter.close();
    },
  };
}
