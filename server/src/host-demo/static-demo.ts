import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../config';
import { DEMO_DOMAIN } from '../db/seed';

/**
 * The demo employer's own careers page, as an employer would host it: a static page on its own origin (port
 * `HOST_DEMO_PORT`, 8082 by default) that embeds the widgets from the careers server with the README's snippet, and
 * no starting data, CSRF token, manifest or first answers written in by our server. `npm start` serves it beside the
 * careers server so that the demo, and the end-to-end tests, take the cross-origin path by default
 * (docs/product/shell.md#embedding-on-any-page). The server-rendered page (`/careers` on the careers server) stays as
 * the fast path for employers who host their careers site with us.
 */

/** The root config's tag in the host page template, which the page server keeps as it is. */
const TEMPLATE_TAG = '<script src="/widgets/root-config/root-config.js" defer></script>';
/** Where the careers server writes its part of the page; a static page has nothing there. */
const HEAD_MARKER = '<!--careers:head-->';

/** The snippet of the README, for one careers server and employer. */
export function embedSnippet(careersOrigin: string, domain: string): string {
  return `<script src="${careersOrigin}/widgets/root-config/root-config.js" data-domain="${domain}" defer></script>`;
}

/**
 * The page slot, which this page always fills, as its own markup says (the careers server writes the same attribute on the pages it
 * renders): the template's CSS keeps their room from the first paint, so the employer's content below the page slot
 * does not move when the widgets arrive (README, "Embedding the widgets in your career page").
 */
const PAGE_SLOTS = 'careers-main';

/** The host page template as a static page of the employer: the snippet in place of the root config's tag. */
export function staticDemoPage(template: string, careersOrigin: string, domain: string): string {
  if (!template.includes(TEMPLATE_TAG)) throw new Error(`The host page template has no ${TEMPLATE_TAG}`);
  return template
    .replace(HEAD_MARKER, '')
    .replace(TEMPLATE_TAG, embedSnippet(careersOrigin, domain))
    .replace(/<html(?![^>]*data-careers-slots)/, `<html data-careers-slots="${PAGE_SLOTS}"`);
}

/**
 * The static page server: the page for every address under /careers (the rewrite the README documents), and its
 * files. Null, with the reason, when `HOST_DEMO_DIR` holds an employer's own template rather than the demo's (no
 * root config tag to replace): the careers server then starts without the demo page.
 */
export async function buildHostDemoApp(
  config: Pick<Config, 'hostDemoDir' | 'publicOrigins'>,
): Promise<{ app: FastifyInstance } | { app: null; reason: string }> {
  let page: string;
  try {
    page = staticDemoPage(
      fs.readFileSync(path.join(config.hostDemoDir, 'index.html'), 'utf8'),
      config.publicOrigins[0]!,
      DEMO_DOMAIN,
    );
  } catch (error) {
    return { app: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root: config.hostDemoDir,
    prefix: '/host-demo/',
    index: false,
    list: false,
    maxAge: '5m',
    allowedPath: (pathName) => path.posix.basename(pathName) !== 'index.html',
  });
  const sendPage = (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.get('/', (_request, reply) => reply.redirect('/careers', 302));
  app.get('/careers', sendPage);
  app.get('/careers/*', sendPage);
  return { app };
}
