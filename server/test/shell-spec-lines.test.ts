/**
 * The page shell's spec lines of issue 22 on the page server, on SQLite and PostgreSQL (decision 024):
 * `seoConfig.pagesMetadata` as named (docs/product/shell.md#page-metadata; the older `seo` still read), its title first
 * on every page (docs/product/shell.md#page-title), and the employer's head scripts per page
 * (docs/product/shell.md#head-scripts) with the response's CSP nonce.
 */
import { HEAD_SCRIPTS_CODE_TOTAL_MAX } from '../src/contract';
import { DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
import { checkEmployerPcsxConfig } from '../src/employers/pcsx-config';
import { insertPositions } from '../src/positions/repository';
import { bootDataOf, DEMO_DOMAIN, openTestPosition, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();

const setStored = (value: unknown) =>
  ctx.db
    .updateTable('employers')
    .set({ pcsx_config_json: JSON.stringify(value) })
    .where('domain', '=', DEMO_DOMAIN)
    .execute();

afterEach(() => setStored(DEMO_PCSX_CONFIG));

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? null;
const descriptionsOf = (html: string) =>
  [...html.matchAll(/<meta name="description" content="([^"]*)">/g)].map((match) => match[1]);
/** Every `<script …>` start tag of the page that is not a data block (application/json, ld+json). */
const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/type="application\/(ld\+)?json"/.test(a));
const nonceOfCsp = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('seoConfig.pagesMetadata on the page server', () => {
  it('is read and checked as the spec names it; the older seo is read into it, never over it', () => {
    const problems: string[] = [];
    const config = checkEmployerPcsxConfig(
      {
        seo: { jobs: { title: 'Older jobs title' }, offers: { title: 'Your offers at Acme' } },
        seoConfig: { pagesMetadata: { jobs: { title: 'Robotics jobs at Acme', description: 'Build robots.' } } },
      },
      (problem) => problems.push(problem),
    );
    expect(problems).toEqual([]);
    expect(config.seoConfig).toEqual({
      pagesMetadata: {
        jobs: { title: 'Robotics jobs at Acme', description: 'Build robots.' },
        offers: { title: 'Your offers at Acme' },
      },
    });
    const bad: string[] = [];
    expect(
      checkEmployerPcsxConfig({ seoConfig: { pagesMetadata: { jobs: { title: 'x'.repeat(201) } } } }, (problem) =>
        bad.push(problem),
      ),
    ).toEqual({});
    expect(bad).toEqual([
      expect.stringContaining('"seoConfig" does not match the contract at /pagesMetadata/jobs/title'),
    ]);
  });

  it('puts a page’s configured title and description into the page, and the boot data carries them', async () => {
    await setStored({
      ...DEMO_PCSX_CONFIG,
      seoConfig: {
        pagesMetadata: { jobs: { title: 'Robotics jobs at Acme', description: 'Build robots <with> us.' } },
      },
    });
    const res = await new TestClient(ctx.app).get(`/careers/search?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Robotics jobs at Acme');
    expect(descriptionsOf(res.body)).toEqual(['Build robots &lt;with&gt; us.']);
    expect(bootDataOf(res.body).pcsxConfig).toMatchObject({
      seoConfig: { pagesMetadata: { jobs: { title: 'Robotics jobs at Acme' } } },
    });
    // A page without metadata keeps the template's.
    const other = await new TestClient(ctx.app).get(`/careers/offers?domain=${DEMO_DOMAIN}`);
    expect(titleOf(other.body)).toBe('Test host');
    expect(descriptionsOf(other.body)).toEqual([]);
  });

  it('puts the position page’s configured title first, keeping the position’s own description', async () => {
    const [id] = await insertPositions(ctx.db, [openTestPosition('Metadata Welder')]);
    await setStored({
      ...DEMO_PCSX_CONFIG,
      seo: { singlePosition: { title: 'A job at Acme' } },
      seoConfig: { pagesMetadata: { singlePosition: { description: 'One of our jobs.' } } },
    });
    const res = await new TestClient(ctx.app).get(`/careers/job/${id}?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('A job at Acme');
    expect(descriptionsOf(res.body)).toEqual(['Test']);
    await setStored(DEMO_PCSX_CONFIG);
    const plain = await new TestClient(ctx.app).get(`/careers/job/${id}?domain=${DEMO_DOMAIN}`);
    expect(titleOf(plain.body)).toBe('Metadata Welder | Acme Robotics');
  });
});

describe('head scripts per page', () => {
  const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-ACME';
  const INLINE = "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'careers' });";
  const scripts = [
    { src: GTM, async: true, origins: ['https://www.google-analytics.com'] },
    { code: INLINE, pages: ['jobs'] },
  ];

  it('writes the page’s scripts with the response’s nonce, which the CSP names; a new nonce on every response', async () => {
    await setStored({ ...DEMO_PCSX_CONFIG, headScripts: scripts });
    const client = new TestClient(ctx.app);
    const res = await client.get(`/careers/search?domain=${DEMO_DOMAIN}&query=%3C%2Fscript%3E%3Cscript%3Ealert(1)`);
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = nonceOfCsp(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directive(csp, 'script-src')).toBe(
      `script-src 'self' 'nonce-${nonce}' https://www.google-analytics.com https://www.googletagmanager.com`,
    );
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(csp, 'connect-src')).toContain('https://www.google-analytics.com');
    expect(directive(csp, 'img-src')).toContain('https://www.googletagmanager.com');
    expect(res.body).toContain(
      `<script src="${GTM.replace('&', '&amp;')}" async nonce="${nonce}" data-careers-head-script></script>`,
    );
    expect(res.body).toContain(`<script nonce="${nonce}" data-careers-head-script>${INLINE}</script>`);
    // Nothing of the request reached a script: the address's query is only in the boot data block, escaped.
    expect(res.body).not.toContain('<script>alert(1)');
    const inlineWithoutNonce = executableScripts(res.body).filter((a) => !/\bsrc=/.test(a) && !a.includes('nonce='));
    expect(inlineWithoutNonce).toEqual([]);
    // Never handed to the widgets.
    expect(JSON.stringify(bootDataOf(res.body))).not.toContain('headScripts');

    const again = await client.get(`/careers/search?domain=${DEMO_DOMAIN}`);
    expect(nonceOfCsp(String(again.headers['content-security-policy']))).not.toBe(nonce);
  });

  it('runs only the page’s own scripts; the others wait in a data block for the root config, with the nonce', async () => {
    await setStored({ ...DEMO_PCSX_CONFIG, headScripts: scripts });
    const offers = await new TestClient(ctx.app).get(`/careers/offers?domain=${DEMO_DOMAIN}`);
    const nonce = nonceOfCsp(String(offers.headers['content-security-policy']));
    expect(offers.body.match(/data-careers-head-script/g)).toHaveLength(1);
    expect(offers.body).toContain(`<script src="${GTM}" async nonce="${nonce}" data-careers-head-script></script>`);
    // The nonce is base64: its `+` and `/` are read as text, not as a pattern.
    const opening = `<script type="application/json" id="careers-head-scripts" nonce="${nonce}">`;
    expect(offers.body).toContain(opening);
    const start = offers.body.indexOf(opening) + opening.length;
    const blockText = offers.body.slice(start, offers.body.indexOf('</script>', start));
    expect(JSON.parse(blockText)).toEqual([{ code: INLINE, pages: ['jobs'] }]);
    // The search page runs it at once: no block.
    const search = await new TestClient(ctx.app).get(`/careers/search?domain=${DEMO_DOMAIN}`);
    expect(search.body).not.toContain('id="careers-head-scripts"');
  });

  it('leaves the CSP of an employer without head scripts as it was: no nonce', async () => {
    const page = await new TestClient(ctx.app).get(`/careers/offers?domain=${DEMO_DOMAIN}`);
    expect(page.body).not.toContain('data-careers-head-script');
    expect(page.body).not.toContain('careers-head-scripts');
    expect(directive(String(page.headers['content-security-policy']), 'script-src')).toBe("script-src 'self'");
  });

  it('refuses, script by script, what is not an https source or capped inline code', () => {
    const problems: string[] = [];
    const big = 'x'.repeat(16000);
    const config = checkEmployerPcsxConfig(
      {
        headScripts: [
          { src: 'https://cdn.acme.example/tag.js', integrity: 'sha384-abc+/=', defer: true },
          { src: 'http://cdn.acme.example/tag.js' },
          { src: '/api/pcsx/resume/file' },
          { src: 'https://cdn.acme.example/a.js', code: 'x()' },
          {},
          { code: 'a("</SCRIPT><script>b()")' },
          { code: 'x() <!-- y' },
          { code: 'x()', async: true },
          { src: 'https://cdn.acme.example/b.js', origins: ['https://collect.acme.example/path'] },
          { code: 'track()' },
        ],
      },
      (problem) => problems.push(problem),
    );
    expect(config.headScripts).toEqual([
      { src: 'https://cdn.acme.example/tag.js', integrity: 'sha384-abc+/=', defer: true },
      { code: 'track()' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/at \/1: Expected "src" to be an https: address/),
      expect.stringMatching(/at \/2: Expected "src" to be an https: address/),
      expect.stringMatching(/at \/3: Expected exactly one of "src"/),
      expect.stringMatching(/at \/4: Expected exactly one of "src"/),
      expect.stringMatching(/at \/5: Expected "code" without "<\/script" or "<!--"/),
      expect.stringMatching(/at \/6: Expected "code" without/),
      expect.stringMatching(/at \/7: Expected "async", "defer" and "integrity" only with "src"/),
      expect.stringMatching(/at \/8: Expected "origins" to hold https origins only/),
    ]);
    const capped: string[] = [];
    const many = Array.from({ length: 5 }, () => ({ code: big }));
    expect(checkEmployerPcsxConfig({ headScripts: many }, (p) => capped.push(p)).headScripts).toHaveLength(
      Math.floor(HEAD_SCRIPTS_CODE_TOTAL_MAX / big.length),
    );
    expect(capped).toEqual([expect.stringContaining(`at most ${HEAD_SCRIPTS_CODE_TOTAL_MAX} characters`)]);
    // The schema's own caps: one script's code, an attribute it does not know.
    const schema: string[] = [];
    checkEmployerPcsxConfig({ headScripts: [{ code: 'x'.repeat(16385) }] }, (p) => schema.push(p));
    checkEmployerPcsxConfig({ headScripts: [{ src: 'https://a.example/x.js', onload: 'x()' }] }, (p) => schema.push(p));
    expect(schema).toEqual([
      expect.stringContaining('"headScripts" does not match the contract'),
      expect.stringContaining('"headScripts" does not match the contract'),
    ]);
  });
});
