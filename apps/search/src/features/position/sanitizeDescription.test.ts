import { sanitizeDescription } from './sanitizeDescription';

const parse = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
};

describe('sanitizeDescription', () => {
  it('removes scripts, event handlers, script URLs, frames, forms and styles', () => {
    const html = sanitizeDescription(
      '<p style="display:none" class="cw-button" onmouseover="x()">Hi</p><script>x()</script>' +
        '<img src="a.png" onerror="x()"><iframe src="https://evil.example"></iframe>' +
        '<form><input name="q"></form><style>*{display:none}</style><a href="javascript:x()">Bad</a>',
    );
    const container = parse(html);
    expect(container.querySelector('script, iframe, form, input, style')).toBeNull();
    expect(container.querySelector('[onmouseover], [onerror], [style], [class]')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(container.querySelector('p')?.textContent).toBe('Hi');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('a.png');
  });

  it('opens every link in a new tab with rel="noopener noreferrer" and the hidden hint', () => {
    const container = parse(
      sanitizeDescription('<a href="https://example.com" target="_self" rel="opener">Site</a>', {
        newTabLabel: '(opens in a new tab)',
      }),
    );
    const link = container.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Site (opens in a new tab)');
    expect(link.querySelector('.cw-visually-hidden')).not.toBeNull();
  });

  it('keeps ordinary text markup and gives nothing for empty input', () => {
    expect(sanitizeDescription('<h3>Role</h3><ul><li><strong>Ship</strong></li></ul>')).toBe(
      '<h3>Role</h3><ul><li><strong>Ship</strong></li></ul>',
    );
    expect(sanitizeDescription('   ')).toBe('');
  });
});
