import { getActiveElement, getTabbableElements } from './focus';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('getActiveElement', () => {
  it('looks through shadow roots to the focused element', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = host.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    root.appendChild(button);
    button.focus();
    expect(document.activeElement).toBe(host);
    expect(getActiveElement()).toBe(button);
    expect(getActiveElement(root)).toBe(button);
  });

  it('is the plain active element outside shadow roots', () => {
    const input = document.createElement('input');
    document.body.appendChild(input);
    input.focus();
    expect(getActiveElement()).toBe(input);
  });
});

describe('getTabbableElements', () => {
  it('lists what Tab reaches, in order', () => {
    document.body.innerHTML = `
      <div id="c">
        <button id="a">a</button>
        <button disabled>x</button>
        <a href="#">link</a>
        <a>no href</a>
        <div tabindex="-1">minus</div>
        <div tabindex="0" id="z">zero</div>
        <input type="hidden" />
        <div inert><button>inert</button></div>
        <button id="last">last</button>
      </div>`;
    const found = getTabbableElements(document.getElementById('c') as HTMLElement);
    expect(found.map((el) => el.textContent)).toEqual(['a', 'link', 'zero', 'last']);
  });
});
