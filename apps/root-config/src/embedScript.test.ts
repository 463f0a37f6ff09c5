import { findRootConfigScript, readEmbedScript } from './embedScript';

function tag(src: string, attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
  return script;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the root config script tag', () => {
  it('gives the careers server, the manifest beside the widgets, the domain, the language and the base path', () => {
    const script = tag('https://careers.acme.example/widgets/root-config/root-config.js', {
      'data-domain': ' acme.example ',
      'data-language': 'fr-CA',
      'data-base-path': '/en/jobs',
    });
    expect(readEmbedScript(script)).toEqual({
      serverOrigin: 'https://careers.acme.example',
      manifestUrl: 'https://careers.acme.example/widgets/manifest.json',
      domain: 'acme.example',
      language: 'fr-CA',
      basePath: '/en/jobs',
    });
  });

  it('keeps a deployment under a path (a CDN folder) for the manifest', () => {
    const script = tag('https://cdn.example/careers/v42/widgets/root-config/root-config.js');
    expect(readEmbedScript(script).manifestUrl).toBe('https://cdn.example/careers/v42/widgets/manifest.json');
  });

  it('a relative address is on the page (the page the careers server renders)', () => {
    const embed = readEmbedScript(tag('/widgets/root-config/root-config.js'));
    expect(embed.serverOrigin).toBe(window.location.origin);
    expect(embed.manifestUrl).toBe(`${window.location.origin}/widgets/manifest.json`);
    expect(embed.domain).toBeNull();
    expect(embed.language).toBeNull();
  });

  it('empty attributes count as none', () => {
    const embed = readEmbedScript(
      tag('/widgets/root-config/root-config.js', { 'data-domain': '  ', 'data-language': '', 'data-base-path': ' ' }),
    );
    expect(embed.domain).toBeNull();
    expect(embed.language).toBeNull();
    expect(embed.basePath).toBeNull();
  });

  it('is found by its file name when document.currentScript is gone (after the entry ran)', () => {
    tag('https://www.acme.example/site.js');
    const script = tag('https://careers.acme.example/widgets/root-config/root-config.js', {
      'data-domain': 'acme.example',
    });
    expect(findRootConfigScript()).toBe(script);
  });

  it('without any tag (code imported by a test page), everything is relative to the page', () => {
    expect(findRootConfigScript()).toBeNull();
    expect(readEmbedScript(null)).toEqual({
      serverOrigin: window.location.origin,
      manifestUrl: `${window.location.origin}/widgets/manifest.json`,
      domain: null,
      language: null,
      basePath: null,
    });
  });
});
