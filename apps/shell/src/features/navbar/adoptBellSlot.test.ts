import { adoptBellSlot, BELL_SLOT_ID } from './adoptBellSlot';

beforeEach(() => {
  document.body.innerHTML = '';
});

it("shows the page's bell element in the navbar (one element, same id) and puts it back", () => {
  document.body.innerHTML =
    '<header><span id="before"></span><div id="candidate-notification-trigger"><button>Bell</button></div><span id="after"></span></header>';
  const navbar = document.createElement('div');
  document.body.appendChild(navbar);
  const bell = document.getElementById(BELL_SLOT_ID)!;

  const restore = adoptBellSlot(navbar);
  expect(bell.parentElement).toBe(navbar);
  expect(bell.getAttribute('slot')).toBe('bell');
  expect(document.querySelectorAll(`#${BELL_SLOT_ID}`)).toHaveLength(1);
  expect(bell.textContent).toBe('Bell');

  restore();
  expect(bell.parentElement?.tagName).toBe('HEADER');
  expect(bell.previousElementSibling?.id).toBe('before');
  expect(bell.nextElementSibling?.id).toBe('after');
  expect(bell.hasAttribute('slot')).toBe(false);
});

it('adds a bell element when the page has none, and removes it again', () => {
  const navbar = document.createElement('div');
  document.body.appendChild(navbar);
  const restore = adoptBellSlot(navbar);
  const bell = document.getElementById(BELL_SLOT_ID);
  expect(bell?.parentElement).toBe(navbar);
  restore();
  expect(document.getElementById(BELL_SLOT_ID)).toBeNull();
});
