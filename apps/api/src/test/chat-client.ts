/**
 * A chat client as the web app is one (apps/web lib/chat), for the tests that check what people end up seeing: a
 * Socket.IO connection, one conversation's messages merged by id from its own sends, `chat-message-created` and
 * `GET /v1/messages?afterSeq=` after the highest number up to which it holds every message, on every (re)connect and
 * whenever a message arrives whose number skips one (a gap fill). Not a test file; no vitest here.
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { MESSAGES_PAGE_MAX, realtimeEvents, type CreateMessageBody, type Message } from '@rozmova/contracts';

/** Requests answered with a network error or a 5xx (an instance dying behind a proxy) are tried again for this long. */
const RETRY_FOR_MS = 30_000;
const RETRY_MS = 100;

export interface ChatClientOptions {
  /** The API's (or a proxy's) base URL. */
  url: string;
  token: string;
  /** The conversation: a patient's support conversation, or one consultation with `appointmentId`. */
  patientId: string;
  appointmentId?: string;
  /** Sent with every request and the socket's handshake (a proxy's sticky cookie). */
  cookie?: string;
}

export class ChatClient {
  readonly socket: Socket;
  /** Every message numbered up to this one is held. */
  synced = 0;
  /** Why each connection it had ended (Socket.IO's reasons: `transport close`, `ping timeout`…). */
  readonly disconnects: string[] = [];
  /** Catch-ups that failed for good (each later gap or connect tries again). */
  readonly failures: unknown[] = [];
  /** Answers that made a request go again (`500 POST /v1/messages`; status 0: no answer). */
  readonly retried: string[] = [];
  private readonly known = new Map<string, Message>();
  private readonly headers: Record<string, string>;
  private syncing: Promise<void> | undefined;
  private again = false;

  constructor(private readonly options: ChatClientOptions) {
    this.headers = { authorization: `Bearer ${options.token}`, ...(options.cookie ? { cookie: options.cookie } : {}) };
    this.socket = connect(options.url, {
      auth: { token: options.token },
      extraHeaders: options.cookie ? { cookie: options.cookie } : {},
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    this.socket.on(realtimeEvents.chatMessageCreated, (message: Message, ack?: unknown) => {
      if (typeof ack === 'function') ack();
      if (this.belongs(message)) this.merge([message]);
    });
    this.socket.on('disconnect', (reason) => this.disconnects.push(reason));
    this.socket.on('connect', () => void this.sync());
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  /** The conversation as it shows it: in number order, each message once. */
  ordered(): Message[] {
    return [...this.known.values()].sort((a, b) => a.message_seq - b.message_seq);
  }

  /** Sends with a client id of its own: a resend after a failure answers the first message, never a copy. */
  async send(body: Omit<CreateMessageBody, 'client_message_id'>): Promise<Message> {
    const message = (await this.request('POST', '/v1/messages', { ...body, client_message_id: randomUUID() })) as Message;
    this.merge([message]);
    return message;
  }

  close(): void {
    this.socket.close();
  }

  private belongs(message: Message): boolean {
    if (message.message_patientId !== this.options.patientId) return false;
    return this.options.appointmentId ? message.message_appointmentId === this.options.appointmentId : message.message_doctorId === null;
  }

  /** Merges by id, moves `synced` over what now follows on from it, and fills a gap behind the newest. */
  private merge(list: Message[], readUpTo = 0): void {
    for (const message of list) this.known.set(message.id, message);
    const held = new Set([...this.known.values()].map((message) => message.message_seq));
    this.synced = Math.max(this.synced, readUpTo);
    while (held.has(this.synced + 1)) this.synced += 1;
    if (Math.max(0, ...held) > this.synced) void this.sync();
  }

  /** One catch-up at a time; asked for again meanwhile, it runs once more when done. */
  private sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        try {
          await this.catchUp();
        } catch (error) {
          this.failures.push(error);
        }
      } while (this.again);
      this.syncing = undefined;
    })();
    return this.syncing;
  }

  /**
   * Everything numbered after `synced`, page by page. What was held when it began was stored before the read, so the
   * read covers it too: `synced` reaches at least the newest of those, also when a number was never used.
   */
  private async catchUp(): Promise<void> {
    const heldBefore = Math.max(0, ...[...this.known.values()].map((message) => message.message_seq));
    let after = this.synced;
    const query = {
      patientId: this.options.patientId,
      ...(this.options.appointmentId ? { appointmentId: this.options.appointmentId } : {}),
    };
    for (;;) {
      const params = new URLSearchParams({ ...query, limit: String(MESSAGES_PAGE_MAX), afterSeq: String(after) });
      const { messages: page } = (await this.request('GET', `/v1/messages?${params}`)) as { messages: Message[] };
      if (page.length > 0) after = page.at(-1)!.message_seq;
      if (page.length < MESSAGES_PAGE_MAX) return this.merge(page, Math.max(after, heldBefore));
      this.merge(page, after);
    }
  }

  /** A request, tried again while the answer is a network error or a 5xx; a 4xx throws. */
  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      let status = 0;
      try {
        const response = await fetch(`${this.options.url}${path}`, {
          method,
          headers: { ...this.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        status = response.status;
        if (status < 300) return await response.json();
        if (status < 500) throw new Error(`${method} ${path} answered ${status}: ${await response.text()}`);
      } catch (error) {
        if (status >= 400 && status < 500) throw error;
      }
      this.retried.push(`${status} ${method} ${path}`);
      if (Date.now() > deadline) throw new Error(`${method} ${path} kept failing (last status ${status})`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
