import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with the headers and text a person would read. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
  raw: string;
}

export interface MailCatcher {
  url: string;
  /** Every message received so far, oldest first. */
  all(): CapturedMail[];
  /** Messages received for an address so far. */
  to(address: string): CapturedMail[];
  /** The next message to `address` (matching `predicate`) that no earlier waitFor returned. */
  waitFor(address: string, predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** The 6-digit code of the next message to `address`. */
  codeFor(address: string): Promise<string>;
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    });
}

/** Quoted-printable: soft line breaks (`=` at a line end) are removed and `=XX` are bytes of UTF-8 text. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body, 'base64').toString('utf8');
  return { ...envelope, subject: headers.subject ?? '', text: text.replace(/\r\n/g, '\n'), headers, raw };
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CapturedMail[] = [];
  const claimed = new Set<CapturedMail>();
  const waiters: { address: string; predicate: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  const normal = (address: string) => address.trim().toLowerCase();

  const offer = (mail: CapturedMail) => {
    const index = waiters.findIndex((w) => mail.to.includes(w.address) && w.predicate(mail));
    if (index === -1) return;
    const [waiter] = waiters.splice(index, 1);
    claimed.add(mail);
    waiter!.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => normal(r.address)),
        };
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), envelope);
        // Kept before the server answers 250, so a request that awaited the send finds it here.
        received.push(mail);
        offer(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const catcher: MailCatcher = {
    url: `smtp://127.0.0.1:${port}`,
    all: () => [...received],
    to: (address) => received.filter((mail) => mail.to.includes(normal(address))),
    waitFor(address, predicate = () => true, timeoutMs = 10_000) {
      const wanted = normal(address);
      const ready = received.find((mail) => !claimed.has(mail) && mail.to.includes(wanted) && predicate(mail));
      if (ready) {
        claimed.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          address: wanted,
          predicate,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No mail to ${wanted} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async codeFor(address) {
      const mail = await catcher.waitFor(address, (m) => /\b\d{6}\b/.test(m.text));
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
}
