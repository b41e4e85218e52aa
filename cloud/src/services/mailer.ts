import { log } from '../log.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends an email. The default writes it to the log until an SMTP provider is configured. */
export type Mailer = (mail: Mail) => Promise<void>;

export const logMailer: Mailer = async (mail) => {
  log('mail').info({ to: mail.to, subject: mail.subject, text: mail.text }, 'email (log mailer)');
};
