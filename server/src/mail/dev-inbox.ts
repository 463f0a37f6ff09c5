import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { escapeHtml, renderDocument } from '../web/html';
import { setPageHeaders } from '../web/security-headers';
import { findMail, listMail } from './outbox';

/**
 * The development inbox (docs/product/accounts-and-mail.md#the-development-inbox): with no SMTP server the mail is
 * kept, and these pages show it, so a sign-up on the demo can be finished by opening its link. Registered only when
 * `config.devInbox` (never in production, never with `SMTP_URL`). Operator pages: English only.
 */
export function registerDevInbox(app: FastifyInstance, db: Kysely<Database>): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // Only for someone at the machine: the socket's own address (not a forwarded one) must be the loopback, so a
  // development server reachable from a network shows nobody else's codes.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/careers/dev/inbox')) return;
    const address = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.test(address)) {
      await setPageHeaders(reply.code(403)).send(
        renderDocument({
          lang: 'en',
          title: 'Forbidden',
          body: '<main class="card"><h1>Forbidden</h1><p>The development inbox opens only from this machine.</p></main>',
        }),
      );
    }
  });

  routes.get(
    '/careers/dev/inbox',
    {
      schema: {
        summary: 'Development inbox: the mail kept while no SMTP server is configured (HTML; not in production)',
        tags: ['mail'],
        querystring: Type.Object(
          { to: Type.Optional(Type.String({ maxLength: 254, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })) },
          { additionalProperties: true },
        ),
        produces: ['text/html'],
        response: { 200: { description: 'The inbox', type: 'string' } },
      },
    },
    async (request, reply) => {
      const mail = await listMail(db, { to: request.query.to, limit: 100 });
      const rows = mail.map(
        (item) =>
          `<li><a href="/careers/dev/inbox/${item.id}">${escapeHtml(item.subject)}</a><br><span class="hint">${escapeHtml(item.to)} · ${escapeHtml(item.kind)} · ${escapeHtml(item.createdAt)}</span></li>`,
      );
      const body = [
        '<main class="card" aria-labelledby="page-heading">',
        '<h1 id="page-heading">Development inbox</h1>',
        '<p class="intro">Mail kept because no SMTP server is configured (SMTP_URL). Newest first.</p>',
        mail.length ? `<ul class="inbox">${rows.join('\n')}</ul>` : '<p>No mail yet.</p>',
        '</main>',
      ].join('\n');
      return setPageHeaders(reply).send(renderDocument({ lang: 'en', title: 'Development inbox', body }));
    },
  );

  routes.get(
    '/careers/dev/inbox/:id',
    {
      schema: {
        summary: 'One kept mail: its headers, its text and its HTML (HTML; not in production)',
        tags: ['mail'],
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        produces: ['text/html'],
        response: {
          200: { description: 'The mail', type: 'string' },
          404: { description: 'No such mail', type: 'string' },
        },
      },
    },
    async (request, reply) => {
      const mail = await findMail(db, request.params.id);
      if (!mail) {
        return setPageHeaders(reply.code(404)).send(
          renderDocument({
            lang: 'en',
            title: 'No such mail',
            body: '<main class="card"><h1>No such mail</h1><p><a href="/careers/dev/inbox">Inbox</a></p></main>',
          }),
        );
      }
      // The HTML part is shown in a sandboxed frame (no script, no same-origin), as a mail client would.
      const body = [
        '<main class="card mail" aria-labelledby="page-heading">',
        '<p><a href="/careers/dev/inbox">Inbox</a></p>',
        `<h1 id="page-heading">${escapeHtml(mail.subject)}</h1>`,
        `<p class="hint">To ${escapeHtml(mail.to)} · Message-ID ${escapeHtml(mail.messageId)} · ${escapeHtml(mail.status)}</p>`,
        `<iframe title="HTML part" sandbox srcdoc="${escapeHtml(mail.html)}"></iframe>`,
        '<h2>Plain text</h2>',
        `<pre class="mail-text">${linkify(mail.text)}</pre>`,
        '</main>',
      ].join('\n');
      return setPageHeaders(reply, DEV_INBOX_CSP).send(renderDocument({ lang: 'en', title: mail.subject, body }));
    },
  );
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The mail's HTML part is a `srcdoc` frame with inline styles, as mail is written. */
const DEV_INBOX_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The plain text with its links clickable (the links are this server's own, made by the mail templates). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
