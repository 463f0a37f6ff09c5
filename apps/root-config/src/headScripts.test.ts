import { followHeadScripts } from './headScripts';

// Head scripts per page (docs/product/shell.md#head-scripts). The page server runs the first page's own; the widgets
// change pages without a page load, so the root config adds the others' when their page is reached, with the response's
// CSP nonce.

const NONCE = 'bm9uY2Utb2YtdGhpcy1wYWdl';

function routeTo(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
}

function pageWith(pending: unknown, nonce = NONCE) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'careers-head-scripts';
  if (nonce) block.setAttribute('nonce', nonce);
  block.textContent = JSON.stringify(pending);
  document.head.appendChild(block);
}

const added = () => [...document.head.querySelectorAll('script[data-careers-head-script]')] as HTMLScriptElement[];

let stop: () => void = () => undefined;

beforeEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/careers/dashboard');
});

afterEach(() => stop());

it('adds a page’s scripts with the nonce when the page is reached, once per page load', () => {
  pageWith([
    { code: "window.dataLayer = ['apply'];", pages: ['applyPage'] },
    { src: 'https://tags.acme.example/apply.js', integrity: 'sha384-abc', pages: ['applyPage', 'offers'] },
    { code: "window.offers = 'seen';", pages: ['offers'] },
  ]);
  stop = followHeadScripts();
  routeTo('/careers/profile');
  expect(added()).toHaveLength(0);

  routeTo('/careers/apply?pid=3');
  expect(added().map((tag) => [tag.getAttribute('nonce'), tag.src || tag.textContent])).toEqual([
    [NONCE, "window.dataLayer = ['apply'];"],
    [NONCE, 'https://tags.acme.example/apply.js'],
  ]);
  expect(added()[1]).toHaveAttribute('integrity', 'sha384-abc');
  expect(added()[1]).toHaveAttribute('crossorigin', 'anonymous');

  routeTo('/careers/offers');
  expect(added().map((tag) => tag.src || tag.textContent)).toEqual([
    "window.dataLayer = ['apply'];",
    'https://tags.acme.example/apply.js',
    "window.offers = 'seen';",
  ]);
  routeTo('/careers/apply?pid=4');
  routeTo('/careers/offers');
  expect(added()).toHaveLength(3);
});

it('gives no script without the page’s nonce, and none that is not an https source or inline code', () => {
  pageWith([{ code: 'window.x = 1;', pages: ['offers'] }], '');
  stop = followHeadScripts();
  routeTo('/careers/offers');
  expect(added()).toHaveLength(0);
  stop();

  document.head.innerHTML = '';
  pageWith([
    { src: 'http://tags.acme.example/a.js', pages: ['offers'] },
    { src: 'javascript:alert(1)', pages: ['offers'] },
    { pages: ['offers'] },
    { code: 'window.y = 1;' },
  ]);
  stop = followHeadScripts();
  routeTo('/careers/offers');
  expect(added()).toHaveLength(0);
});

it('does nothing on a page without the block', () => {
  stop = followHeadScripts();
  routeTo('/careers/offers');
  expect(added()).toHaveLength(0);
});
