import { EventEmitter, once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The decoded text of the message (quoted-printable undone). */
  text: string;
}

export interface MailCapture {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first mail to `to` (matching `predicate`) not yet taken, waiting for it if needed. */
  waitFor(to: string, predicate?: (mail: CapturedMail) => boolean): Promise<CapturedMail>;
  codeFor(to: string): Promise<string>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function decodeBody(raw: string): string {
  const separator = raw.search(/\r?\n\r?\n/);
  const body = separator === -1 ? '' : raw.slice(separator);
  return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8').trim();
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decodeBody(raw) };
        messages.push(mail);
        arrivals.emit('mail', mail);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };

  async function waitFor(to: string, predicate: (mail: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
    const address = to.toLowerCase();
    const fits = (mail: CapturedMail) => !taken.has(mail) && mail.to.includes(address) && predicate(mail);
    let mail = messages.find(fits);
    while (!mail) {
      const [arrived] = (await once(arrivals, 'mail')) as [CapturedMail];
      if (fits(arrived)) mail = arrived;
    }
    taken.add(mail);
    return mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    async codeFor(to) {
      const mail = await waitFor(to, (m) => /\b\d{6}\b/.test(m.text));
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
