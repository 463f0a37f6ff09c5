import { i18n, initI18n } from '@careers/shared';
import { followPageChanges } from './pageChanges';

const boot = {
  pcsxConfig: { branding: { companyName: 'Acme Robotics' }, seo: { offers: { title: 'Your offers at Acme' } } },
};

function routeTo(path: string, traversal = false) {
  window.history.pushState(null, '', path);
  const pop = new PopStateEvent('popstate');
  if (!traversal) Object.assign(pop, { singleSpa: true });
  window.dispatchEvent(pop);
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
}

/** Routes to each address in turn, expecting after each the page title given beside it. */
function expectTitlesAlong(steps: Array<[address: string, title: string]>) {
  for (const [address, title] of steps) {
    routeTo(address);
    expect(document.title).toBe(title);
  }
}

let stop: () => void;
let scrollTo: jest.SpyInstance;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  document.title = '';
  window.history.replaceState(null, '', '/careers');
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  stop = followPageChanges(boot);
});

afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

it('titles the page from the route: Careers at {company}, the SEO title, the query at the location', () => {
  expect(document.title).toBe('Careers at Acme Robotics');
  expectTitlesAlong([
    ['/careers/offers', 'Your offers at Acme'],
    ['/careers?query=nurse&location=Boston', 'nurse at Boston'],
    ['/careers/registered-nurse/new_york', 'registered nurse at new york'],
    ['/careers/dashboard', 'Careers at Acme Robotics'],
  ]);
});

it('does not set again a title the page already shows (the page server wrote it)', () => {
  routeTo('/careers/offers');
  const setTitle = jest.spyOn(Document.prototype, 'title', 'set');
  routeTo('/careers/offers?tab=2');
  expect(setTitle).not.toHaveBeenCalled();
  routeTo('/careers/dashboard');
  expect(setTitle).toHaveBeenCalledWith('Careers at Acme Robotics');
});

it('keeps the title a position page set when a routing event changes nothing it depends on (issue 22)', () => {
  routeTo('/careers/job/123');
  document.title = 'Production Supervisor | Acme Robotics'; // the position widget, once its position loaded
  routeTo('/careers/job/123'); // single-spa's routing event after the widgets mounted
  routeTo('/careers/job/123?hl=fr-CA');
  expect(document.title).toBe('Production Supervisor | Acme Robotics');
  routeTo('/careers?query=nurse');
  routeTo('/careers?query=welder');
  expect(document.title).toBe('welder');
});

it('keeps the title the page server wrote for the first page', () => {
  stop();
  document.title = 'Production Supervisor | Acme Robotics';
  window.history.replaceState(null, '', '/careers/job/123');
  stop = followPageChanges(boot);
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  expect(document.title).toBe('Production Supervisor | Acme Robotics');
});

it('scrolls to the top when the page changes, not when only the query changes', () => {
  routeTo('/careers/offers');
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  routeTo('/careers/offers?domain=acme.example');
  expect(scrollTo).toHaveBeenCalledTimes(1);
});

it('leaves the scroll to the browser on back and forward', () => {
  routeTo('/careers/offers', true);
  expect(scrollTo).not.toHaveBeenCalled();
  routeTo('/careers/dashboard');
  expect(scrollTo).toHaveBeenCalledTimes(1);
});

// The per-page metadata is `seoConfig.pagesMetadata` (issue 22: only `seo` was read), its title first on every
// page (docs/product/shell.md#page-metadata). The older `seo` still counts where `pagesMetadata` names no title.
it('titles the page from seoConfig.pagesMetadata first, then the older seo, then the rest of the order', () => {
  stop();
  stop = followPageChanges({
    pcsxConfig: {
      branding: { companyName: 'Acme Robotics' },
      seoConfig: {
        pagesMetadata: {
          jobs: { title: 'Robotics jobs at Acme', description: 'Build robots with us.' },
          offers: { description: 'Your offers.' },
          dashboard: { title: '  Your   Acme dashboard ' },
        },
      },
      seo: { offers: { title: 'Your offers at Acme' }, dashboard: { title: 'Older dashboard title' } },
    } as Parameters<typeof followPageChanges>[0]['pcsxConfig'],
  });
  expectTitlesAlong([
    ['/careers?query=nurse&location=Boston', 'Robotics jobs at Acme'],
    ['/careers/offers', 'Your offers at Acme'],
    ['/careers/dashboard', 'Your Acme dashboard'],
    ['/careers/settings', 'Careers at Acme Robotics'],
  ]);
});

// The page title's order (docs/product/shell.md#page-title) in the page's language: "Careers at {company}" written here
// follows a language change; a title a widget wrote since (the position's name) is the widget's and stays.
it('translates the title it wrote when the language changes, and leaves a widget’s title alone', async () => {
  routeTo('/careers/offers?x=1');
  routeTo('/careers/interviews');
  expect(document.title).toBe('Careers at Acme Robotics');
  await i18n.changeLanguage('fr-CA');
  expect(document.title).toBe('Carrières chez Acme Robotics');
  await i18n.changeLanguage('en');
  expect(document.title).toBe('Careers at Acme Robotics');
  routeTo('/careers/job/123');
  document.title = 'Production Supervisor | Acme Robotics'; // the position widget
  await i18n.changeLanguage('fr-CA');
  expect(document.title).toBe('Production Supervisor | Acme Robotics');
  await i18n.changeLanguage('en');
});

describe('focus after a page change (issue 22)', () => {
  /** A page widget in careers-main, drawing its h1 in its shadow root after `delayMs`. */
  function pageWidget(heading: string, delayMs = 0): HTMLElement {
    let main = document.getElementById('careers-main');
    if (!main) {
      main = document.createElement('div');
      main.id = 'careers-main';
      document.body.appendChild(main);
    }
    main.replaceChildren();
    const host = document.createElement('div');
    host.setAttribute('data-careers-widget', 'forms');
    const root = host.attachShadow({ mode: 'open' });
    main.appendChild(host);
    setTimeout(() => {
      const h1 = document.createElement('h1');
      h1.textContent = heading;
      root.appendChild(h1);
    }, delayMs);
    return host;
  }
  const focusedText = () => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.textContent ?? null;
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("moves focus to the new page's heading once its widget has drawn it, not on a query change", () => {
    pageWidget('Apply to Acme Robotics', 350);
    routeTo('/careers/apply?pid=1');
    jest.advanceTimersByTime(300);
    expect(focusedText()).not.toBe('Apply to Acme Robotics');
    jest.advanceTimersByTime(200);
    expect(focusedText()).toBe('Apply to Acme Robotics');
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    outside.focus();
    routeTo('/careers/apply?pid=2');
    jest.advanceTimersByTime(1000);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('leaves focus where a widget or the candidate put it meanwhile', () => {
    pageWidget('Dashboard', 200);
    const elsewhere = document.createElement('button');
    document.body.appendChild(elsewhere);
    routeTo('/careers/dashboard');
    elsewhere.focus();
    jest.advanceTimersByTime(1000);
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});
