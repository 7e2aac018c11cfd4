import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.ts';

/** A message as the `mail` job carries it. */
export const mailMessageSchema = z.strictObject({
  to: z.string().min(1),
  subject: z.string().min(1),
  text: z.string(),
  /** The one link that matters in the message, logged in outbox mode so a developer can follow it. */
  link: z.string().optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox: each message is written as an .eml file under
 * DATA_DIR/outbox (nodemailer's stream transport builds the real MIME message) and its link is logged.
 */
export function createMailer(config: Config['mail'], log: Logger): Mailer {
  if (config.kind === 'smtp') {
    const transport = nodemailer.createTransport(config.url);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text });
      await mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, link: message.link, file }, `outbox: "${message.subject}" to ${message.to}${message.link ? ` — ${message.link}` : ''}`);
    },
  };
}
