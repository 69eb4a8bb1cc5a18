/**
 * Outgoing mail. Without SMTP_URL every message is written to DATA_DIR/mail as an
 * .eml file (a real RFC 5322 message built by nodemailer, readable by any mail
 * client); with SMTP_URL nodemailer sends it over SMTP. Same interface either way.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type SentMail = { messageId: string; file?: string };

export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(msg: MailMessage): Promise<SentMail>;
}

const FROM = 'Harrow & Drill <no-reply@harrowdrill.example>';

export class FileMailer implements Mailer {
  readonly kind = 'file';
  private readonly transport: Transporter;
  constructor(private readonly dir: string) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }
  async send(msg: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: FROM, ...msg });
    await mkdir(this.dir, { recursive: true });
    const id = String(info.messageId)
      .replace(/[<>]/g, '')
      .replace(/[^\w.@-]/g, '_');
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    await writeFile(file, info.message as Buffer);
    return { messageId: info.messageId, file };
  }
  /** Newest first; used by tests and the admin mail log. */
  async list(): Promise<{ file: string; content: string }[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const files = names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse();
    return Promise.all(
      files.map(async (f) => ({
        file: path.join(this.dir, f),
        content: await readFile(path.join(this.dir, f), 'utf8'),
      })),
    );
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  constructor(url: string) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(msg: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: FROM, ...msg });
    return { messageId: info.messageId };
  }
}

export function createMailer(opts: { smtpUrl?: string; dataDir: string }): Mailer {
  return opts.smtpUrl ? new SmtpMailer(opts.smtpUrl) : new FileMailer(path.join(opts.dataDir, 'mail'));
}
