/**
 * The demo employer's own page (server/src/host-demo/static-demo.ts): the host page template as a static page on
 * another origin, with the README's snippet and nothing our page server writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { buildHostDemoApp, embedSnippet, staticDemoPage } from '../src/host-demo/static-demo';

const hostDemoDir = path.resolve(__dirname, '..', '..', 'host-demo');
let app: FastifyInstance;

beforeAll(async () => {
  const built = await buildHostDemoApp({ hostDemoDir, publicOrigins: ['http://careers.acme.localhost:8080'] });
  if (built.app === null) throw new Error(built.reason);
  app = built.app;
});

afterAll(() => app.close());

describe("the demo employer's static page", () => {
  it('embeds the widgets with the snippet only: no starting data, token, manifest or first answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/careers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain(
      '<script src="http://careers.acme.localhost:8080/widgets/root-config/root-config.js" data-domain="acme.example" defer></script>',
    );
    for (const absent of [
      'id="careers-boot-data"',
      'name="csrf-token"',
      'id="careers-manifest"',
      'id="careers-page-data"',
      '<!--careers:head-->',
    ]) {
      expect(html).not.toContain(absent);
    }
    // Its own slots and styles are there, and the page slot keeps its room from the first paint (no layout shift).
    expect(html).toContain('<html data-careers-slots="careers-main" lang="en">');
    expect(html).toContain('id="careers-main"');
    expect(html).toContain('id="candidate-notification-trigger"');
    expect(html).toContain('/host-demo/acme.css');
  });

  it("answers every careers address with the page (the rewrite an employer's web server needs), and / goes there", async () => {
    const deep = await app.inject({ method: 'GET', url: '/careers/job/123?domain=acme.example' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('data-domain="acme.example"');
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/careers');
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(404);
  });

  it("serves the page's own files, but not the template", async () => {
    expect((await app.inject({ method: 'GET', url: '/host-demo/acme.css' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/host-demo/acme.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/host-demo/index.html' })).statusCode).toBe(404);
  });

  it("is not served, with the reason, for an employer's own template (no root config tag to replace)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'own-template-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><!--careers:head--></head><body></body></html>');
    const built = await buildHostDemoApp({ hostDemoDir: dir, publicOrigins: ['http://localhost:8080'] });
    expect(built.app).toBeNull();
    expect('reason' in built && built.reason).toContain('has no <script src="/widgets/root-config/root-config.js"');
  });

  it("refuses a template without the root config's tag", () => {
    expect(() => staticDemoPage('<html></html>', 'http://x', 'acme.example')).toThrow('has no <script');
    expect(embedSnippet('https://careers.acme.example', 'acme.example')).toBe(
      '<script src="https://careers.acme.example/widgets/root-config/root-config.js" data-domain="acme.example" defer></script>',
    );
  });

  it('listens on PORT + 2 by default, or HOST_DEMO_PORT, or not at all', () => {
    expect(loadConfig({ PORT: '8080' }).hostDemoPort).toBe(8082);
    expect(loadConfig({ PORT: '9000', HOST_DEMO_PORT: '9100' }).hostDemoPort).toBe(9100);
    expect(loadConfig({ HOST_DEMO_PORT: 'off' }).hostDemoPort).toBeNull();
    expect(loadConfig({ PORT: '0' }).hostDemoPort).toBe(0);
    expect(() => loadConfig({ HOST_DEMO_PORT: 'eighty' })).toThrow('HOST_DEMO_PORT must be a whole number');
  });
});
