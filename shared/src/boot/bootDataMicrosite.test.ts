import { BOOT_DATA_ELEMENT_ID, readBootData } from './bootData';

/**
 * The store's `microsite`: the page's own value, else the address's `microsite`
 * (docs/product/routes-and-access.md#microsite).
 */
function embedJson(data: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = BOOT_DATA_ELEMENT_ID;
  el.textContent = JSON.stringify(data);
  document.body.appendChild(el);
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the microsite in the starting data', () => {
  it('keeps the value the embedding page gives', () => {
    window.history.replaceState(null, '', '/careers?microsite=from-address');
    embedJson({ groupId: 'acme.example', microsite: 'engineering' });
    expect(readBootData().microsite).toBe('engineering');
  });

  it('takes the address’s microsite when the page gives none', () => {
    window.history.replaceState(null, '', '/careers/dashboard?domain=acme.example&microsite=%20engineering%20');
    embedJson({ groupId: 'acme.example' });
    expect(readBootData().microsite).toBe('engineering');
  });

  it('leaves out an empty or overlong microsite', () => {
    window.history.replaceState(null, '', `/careers?microsite=${'x'.repeat(101)}`);
    embedJson({ groupId: 'acme.example' });
    expect(readBootData()).not.toHaveProperty('microsite');
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/careers?microsite=');
    embedJson({ groupId: 'acme.example' });
    expect(readBootData()).not.toHaveProperty('microsite');
  });
});
