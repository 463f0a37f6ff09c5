/**
 * Mail goes through a real SMTP server (smtp-server, in this process) with nodemailer: the outbox is delivered with
 * retries and backoff, each mail once per lease, and a mail sent again keeps its Message-ID
 * (docs/product/accounts-and-mail.md#delivery).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { createOutbox } from '../src/mail/outbox';
import { createMailSender, MAX_ATTEMPTS, retryDelayMs } from '../src/mail/sender';
import { createSmtpTransport } from '../src/mail/smtp-transport';
import { buildApp, DEMO_DOMAIN, TestClient, useTestDatabase } from './helpers';
import { loadConfig } from '../src/config';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const database = useTestDatabase();
const received: Received[] = [];
/** While set, the server refuses every message with this temporary error. */
let refuse: string | null = null;
let server: SMTPServer;
let smtpUrl = '';

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          const error = Object.assign(new Error(refuse), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  received.length = 0;
  refuse = null;
  await database.db.deleteFrom('mail_outbox').execute();
});

const log = { warn: () => undefined, error: () => undefined };
const mail = (to: string) => ({
  domain: DEMO_DOMAIN,
  kind: 'verify_email' as const,
  to,
  subject: 'Confirm your email',
  text: 'Open https://careers.example/careers/account/verify?token=abc',
  html: '<p>Open <a href="https://careers.example/careers/account/verify?token=abc">the link</a></p>',
});
const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.+)$`, 'mi').exec(raw)?.[1]?.trim();
const row = (id: number) =>
  database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the outbox and its sender', () => {
  it('delivers a mail with its HTML and text parts, sender and fixed Message-ID, once', async () => {
    const outbox = createOutbox({ delivering: true, messageHost: 'careers.example' });
    const id = await outbox.enqueue(database.db, mail('robin@example.org'), new Date());
    const sender = createMailSender({
      db: database.db,
      transport: createSmtpTransport(smtpUrl),
      from: 'Acme Careers <careers@acme.example>',
      log,
    });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
    await sender.stop();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.to).toEqual(['robin@example.org']);
    expect(message!.from).toBe('careers@acme.example');
    const stored = await row(id);
    expect(stored.status).toBe('sent');
    expect(headerOf(message!.raw, 'Message-ID')).toBe(stored.message_id);
    expect(stored.message_id).toMatch(/^<[0-9a-f-]{36}@careers\.example>$/);
    expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message!.raw).toMatch(/Content-Type: text\/html/i);
    expect(headerOf(message!.raw, 'Subject')).toBe('Confirm your email');
  });

  it('a refused mail waits with backoff and goes later with the same Message-ID; past the tries it is failed', async () => {
    const outbox = createOutbox({ delivering: true, messageHost: 'careers.example' });
    const id = await outbox.enqueue(database.db, mail('kim@example.org'), new Date());
    const sender = createMailSender({
      db: database.db,
      transport: createSmtpTransport(smtpUrl),
      from: 'careers@acme.example',
      log,
    });
    refuse = 'Mailbox busy, try later';
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('Mailbox busy');
    expect(Date.parse(waiting.next_attempt_at) - Date.now()).toBeGreaterThan(20_000);
    // Not due yet: nothing is tried.
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });

    refuse = null;
    expect(await sender.runOnce(new Date(Date.now() + retryDelayMs(1) + 1000))).toEqual({ sent: 1, failed: 0 });
    expect(headerOf(received[0]!.raw, 'Message-ID')).toBe(waiting.message_id);

    const doomed = await outbox.enqueue(database.db, mail('gone@example.org'), new Date());
    refuse = 'Still busy';
    await database.db
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', doomed)
      .execute();
    await sender.runOnce();
    expect((await row(doomed)).status).toBe('failed');
    await sender.stop();
  });

  it('two processes on one database send a mail once; a crashed one’s lease expires and the mail goes again', async () => {
    const outbox = createOutbox({ delivering: true, messageHost: 'careers.example' });
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => outbox.enqueue(database.db, mail(`p${i}@example.org`), new Date())),
    );
    const a = createMailSender({
      db: database.db,
      transport: createSmtpTransport(smtpUrl),
      from: 'careers@acme.example',
      log,
    });
    const b = createMailSender({
      db: database.db,
      transport: createSmtpTransport(smtpUrl),
      from: 'careers@acme.example',
      log,
    });
    const [first, second] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(first.sent + second.sent).toBe(8);
    expect(received).toHaveLength(8);

    // A process took a mail and died before sending it: its lease holds the mail for two minutes, then it goes.
    const crashed = await outbox.enqueue(database.db, mail('late@example.org'), new Date());
    await database.db
      .updateTable('mail_outbox')
      .set({ lease_until: new Date(Date.now() + 120_000).toISOString() })
      .where('id', '=', crashed)
      .execute();
    expect((await a.runOnce()).sent).toBe(0);
    expect((await a.runOnce(new Date(Date.now() + 121_000))).sent).toBe(1);
    expect(ids).toHaveLength(8);
    await a.stop();
    await b.stop();
  });
});

describe('the server with SMTP_URL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      db: database.db,
      config: { ...loadConfig({}), smtpUrl, mailFrom: 'Acme Careers <careers@acme.example>', devInbox: false },
    });
  });
  afterAll(async () => app.close());

  it('a sign-up’s mail arrives at the SMTP server on its own, and no development inbox is served', async () => {
    const client = new TestClient(app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const response = await client.post('/api/auth/signup', {
      domain: DEMO_DOMAIN,
      email: 'arrives@example.org',
      firstName: 'Ari',
      lastName: 'Vez',
      password: 'a long enough passphrase',
      consent: true,
    });
    expect(response.statusCode).toBe(202);
    for (let i = 0; i < 100 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['arrives@example.org']);
    expect(received[0]!.raw).toContain('/careers/account/verify?token=');
    // The address is the careers page's (whose router says the page does not exist), never the kept mail.
    expect((await client.get('/careers/dev/inbox')).body).not.toContain('Development inbox');
  });
});
