import { createShadowHost } from './shadowHost';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

it('creates a host named after the widget, with an open shadow root', () => {
  const { host, shadowRoot } = createShadowHost('offers', []);
  expect(host.tagName).toBe('DIV');
  expect(host.getAttribute('data-careers-widget')).toBe('offers');
  expect(host.shadowRoot).toBe(shadowRoot);
  expect(shadowRoot.mode).toBe('open');
  expect(shadowRoot.host).toBe(host);
});

it('puts the mount point inside the shadow root, after the style sheets', () => {
  const { shadowRoot, mountPoint } = createShadowHost('offers', ['.a { color: red; }', '.b { color: blue; }']);
  expect(mountPoint.getRootNode()).toBe(shadowRoot);
  expect(mountPoint.className).toBe('cw-mount');
  expect(shadowRoot.lastElementChild).toBe(mountPoint);
  const styles = [...shadowRoot.querySelectorAll('style')].map((s) => s.textContent);
  expect(styles).toEqual(['.a { color: red; }', '.b { color: blue; }']);
});

it('skips empty style sheets', () => {
  const { shadowRoot } = createShadowHost('offers', ['', '.x {}', '']);
  expect([...shadowRoot.querySelectorAll('style')].map((s) => s.textContent)).toEqual(['.x {}']);
});

it('keeps the widget styles out of the page', () => {
  const { host } = createShadowHost('offers', ['.a { color: red; }']);
  document.body.appendChild(host);
  expect(document.querySelectorAll('style')).toHaveLength(0);
  expect(document.querySelector('.cw-mount')).toBeNull();
});

it('is inline unless asked to be a block', () => {
  expect(createShadowHost('a', []).host.hasAttribute('data-cw-display')).toBe(false);
  expect(createShadowHost('b', [], 'inline').host.hasAttribute('data-cw-display')).toBe(false);
  expect(createShadowHost('c', [], 'block').host.getAttribute('data-cw-display')).toBe('block');
});

it('gives every call its own host', () => {
  const a = createShadowHost('offers', []);
  const b = createShadowHost('offers', []);
  expect(a.host).not.toBe(b.host);
  expect(a.mountPoint).not.toBe(b.mountPoint);
});
