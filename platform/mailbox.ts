/**
 * Outgoing mail of the reference platform. There is no SMTP here: mail is
 * written to a local mailbox, a channel a session token cannot read (unlike the
 * inbox), which is why password-reset passcodes go there.
 *
 * - With a data folder: one `.eml` file per message in `<data>/mail/`; the
 *   folder is created 0700 and must be owned by this user, each file 0600.
 * - In memory: the last MEMORY_MAILBOX_LIMIT messages, lost on exit.
 *
 * People read it in that folder or at the loopback mail catcher (mail-catcher.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';

interface MailMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** ISO 8601. */
  readonly sentAt: string;
}

interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface MailboxReader {
  /** Every message, oldest first. */
  list(): Promise<MailMessage[]>;
}

export interface Mailbox extends MailboxReader {
  /** The folder messages are written to; null in memory. */
  readonly folder: string | null;
  send(mail: OutgoingMail): Promise<MailMessage>;
}

const MEMORY_MAILBOX_LIMIT = 1000;
const MAIL_FROM = 'Reference platform <platform@localhost>';

/** Header values are ours, but an address or subject with a line break would forge headers: refuse it. */
function headerValue(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`mail ${name} holds a line break`);
  return value;
}

/** Orders messages sent within the same millisecond by this process. */
let sequence = 0;

/** Ids sort in sending order: time, then a per-process sequence, then randomness against collisions. */
function newMessage(mail: OutgoingMail, now: Date): MailMessage {
  sequence = (sequence + 1) % 1_000_000;
  const id = `${now.getTime().toString().padStart(14, '0')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
  return { id, to: headerValue('to', mail.to), subject: headerValue('subject', mail.subject), text: mail.text, sentAt: now.toISOString() };
}

function toEml(message: MailMessage): string {
  return [
    `From: ${MAIL_FROM}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Date: ${new Date(message.sentAt).toUTCString()}`,
    `Message-ID: <${message.id}@platform.localhost>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.text,
  ].join('\n');
}

function fromEml(id: string, eml: string): MailMessage | null {
  const split = eml.indexOf('\n\n');
  if (split < 0) return null;
  const headers = new Map<string, string>();
  for (const line of eml.slice(0, split).split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const date = Date.parse(headers.get('date') ?? '');
  return {
    id,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: eml.slice(split + 2),
    sentAt: Number.isNaN(date) ? '' : new Date(date).toISOString(),
  };
}

function memoryMailbox(): Mailbox {
  const messages: MailMessage[] = [];
  return {
    folder: null,
    send: (mail) =>
      new Promise((resolve) => {
        const message = newMessage(mail, new Date());
        messages.push(message);
        if (messages.length > MEMORY_MAILBOX_LIMIT) messages.splice(0, messages.length - MEMORY_MAILBOX_LIMIT);
        resolve(message);
      }),
    list: () => Promise.resolve([...messages]),
  };
}

/**
 * Creates (0700) or checks the mail folder: a real directory, not a link, owned
 * by this process's user, readable by no one else.
 */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stats = await lstat(folder);
  if (!stats.isDirectory()) throw new Error(`the mail folder ${folder} is not a directory`);
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) throw new Error(`the mail folder ${folder} belongs to another user`);
  if ((stats.mode & 0o077) !== 0) await chmod(folder, 0o700);
}

async function folderMailbox(folder: string): Promise<Mailbox> {
  await privateFolder(folder);
  return {
    folder,
    send: async (mail) => {
      const message = newMessage(mail, new Date());
      // Written under a temporary name, then renamed: a reader never sees half a message.
      // `wx` never follows or overwrites an existing file; 0600 keeps other users out.
      const temporary = path.join(folder, `.${message.id}.tmp`);
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(toEml(message), 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path.join(folder, `${message.id}.eml`));
      return message;
    },
    list: async () => {
      const names = (await readdir(folder)).filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort();
      const messages: MailMessage[] = [];
      for (const name of names) {
        const message = fromEml(name.slice(0, -'.eml'.length), await readFile(path.join(folder, name), 'utf8'));
        if (message !== null) messages.push(message);
      }
      return messages;
    },
  };
}

/** `<dataDir>/mail/` with a data folder, else in memory. */
export function openMailbox(dataDir: string | undefined): Promise<Mailbox> {
  return dataDir === undefined ? Promise.resolve(memoryMailbox()) : folderMailbox(path.join(dataDir, 'mail'));
}
