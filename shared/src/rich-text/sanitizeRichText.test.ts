import { sanitizeRichText } from './index';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('sanitizeRichText', () => {
  it('keeps ordinary text markup', () => {
    const out = parse(
      sanitizeRichText(
        '<h3>Privacy</h3><p>We <strong>never</strong> sell <em>your</em> data.</p><ul><li>One</li></ul>',
      ),
    );
    expect(out.querySelector('h3')).toHaveTextContent('Privacy');
    expect(out.querySelector('strong')).toHaveTextContent('never');
    expect(out.querySelector('li')).toHaveTextContent('One');
  });

  it('removes scripts and keeps no trace of their code', () => {
    const out = sanitizeRichText(
      '<p>Hello</p><script>window.pwned = true</script><SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    );
    expect(out).not.toMatch(/script/i);
    expect(out).not.toContain('pwned');
    expect(parse(out)).toHaveTextContent('Hello');
  });

  it('removes event handler attributes (onerror, onclick, onload ...)', () => {
    const out = sanitizeRichText(
      '<img src="x" onerror="alert(1)"><p onclick="alert(2)">Tap</p><svg onload="alert(3)"></svg><body onload="alert(4)">',
    );
    expect(out).not.toMatch(/on(error|click|load)/i);
    expect(out).not.toContain('alert');
    const img = parse(out).querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttributeNames().sort()).toEqual(['src']);
  });

  it('removes javascript:, vbscript: and data: links and leaves their text', () => {
    const out = parse(
      sanitizeRichText(
        '<a href="javascript:alert(1)">one</a> <a href="JaVaScRiPt&colon;alert(2)">two</a> <a href=" javascript:alert(3)">three</a> ' +
          '<a href="vbscript:msgbox(4)">four</a> <a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==">five</a>',
      ),
    );
    const links = Array.from(out.querySelectorAll('a'));
    expect(links).toHaveLength(5);
    for (const link of links) {
      expect(link).not.toHaveAttribute('href');
      expect(link).not.toHaveAttribute('target');
    }
    expect(out.innerHTML).not.toMatch(/javascript|vbscript|data:/i);
    expect(out).toHaveTextContent('one two three four five');
  });

  it('opens safe links in a new tab with rel="noopener noreferrer", replacing what the author set', () => {
    const out = parse(
      sanitizeRichText(
        '<a href="https://acme.example/privacy" target="_self" rel="opener">Privacy</a> <a href="/careers/terms">Terms</a> <a href="mailto:legal@acme.example">Mail</a>',
        { newTabLabel: '(opens in a new tab)' },
      ),
    );
    const [external, relative, mail] = Array.from(out.querySelectorAll('a'));
    expect(external).toHaveAttribute('href', 'https://acme.example/privacy');
    expect(relative).toHaveAttribute('href', '/careers/terms');
    expect(mail).toHaveAttribute('href', 'mailto:legal@acme.example');
    for (const link of [external, relative, mail]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link?.querySelector('.cw-visually-hidden')).toHaveTextContent('(opens in a new tab)');
    }
    expect(external).toHaveTextContent('Privacy (opens in a new tab)');
  });

  it('with sameSiteInPlace, opens pages of this site in place and only other sites in a new tab', () => {
    const out = parse(
      sanitizeRichText(
        `<a href="/careers/search?query=robotics" target="_blank">Roles</a> <a href="${window.location.origin}/careers/offers">Offers</a> <a href="https://elsewhere.example/">Other</a> <a href="//elsewhere.example/x">Protocol-relative</a>`,
        { newTabLabel: '(opens in a new tab)', sameSiteInPlace: true },
      ),
    );
    const [relative, absolute, other, protocolRelative] = Array.from(out.querySelectorAll('a'));
    for (const link of [relative, absolute]) {
      expect(link).not.toHaveAttribute('target');
      expect(link?.querySelector('.cw-visually-hidden')).toBeNull();
    }
    for (const link of [other, protocolRelative]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('removes iframes, forms, embedded objects and base/meta elements', () => {
    const out = sanitizeRichText(
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="password"><button>Go</button></form>' +
        '<object data="x.swf"></object><embed src="x.swf"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">' +
        '<p>kept</p>',
    );
    expect(out).not.toMatch(/<(iframe|form|input|button|object|embed|base|meta)\b/i);
    expect(out).toContain('<p>kept</p>');
  });

  it('removes styles that could escape the text (style elements, style and class attributes, ids)', () => {
    const out = sanitizeRichText(
      '<style>.cw-onb-button{display:none}</style><div style="position:fixed;inset:0;z-index:99999" class="cw-onb-backdrop" id="cw-onb-terms-title">Overlay</div>',
    );
    expect(out).not.toMatch(/<style|style=|class=|id=/i);
    expect(parse(out)).toHaveTextContent('Overlay');
  });

  it('removes SVG and MathML (script vectors through foreign content)', () => {
    const out = sanitizeRichText(
      '<svg><a href="javascript:alert(1)"><text>x</text></a><script>alert(2)</script></svg><math><mtext><img src=x onerror=alert(3)></mtext></math><p>ok</p>',
    );
    expect(out).not.toMatch(/<svg|<math|alert|javascript/i);
    expect(out).toContain('<p>ok</p>');
  });

  it('removes video and audio (autoplaying media and their own controls)', () => {
    const out = sanitizeRichText('<video src="a.mp4" autoplay></video><audio src="a.mp3" autoplay></audio><p>ok</p>');
    expect(out).not.toMatch(/<(video|audio)\b/i);
    expect(out).toBe('<p>ok</p>');
  });

  it('gives an empty string for blank input', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('   ')).toBe('');
  });
});
