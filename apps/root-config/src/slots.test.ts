import { SLOT_POLL_ATTEMPTS, SLOT_POLL_INTERVAL_MS } from '@careers/shared';
import { followSlots, slotPresent, slotsOf } from './slots';

let stop: () => void = () => undefined;

function addSlot(id: string) {
  const slot = document.createElement('div');
  slot.id = id;
  document.body.appendChild(slot);
}

beforeEach(() => jest.useFakeTimers());

afterEach(() => {
  stop();
  document.body.innerHTML = '';
  jest.useRealTimers();
});

it('tells whether a slot is on the page', () => {
  expect(slotPresent('careers-main')).toBe(false);
  addSlot('careers-main');
  expect(slotPresent('careers-main')).toBe(true);
});

it('re-evaluates the widgets when a missing slot appears, once per appearance', () => {
  const reroute = jest.fn();
  addSlot('careers-main');
  stop = followSlots(['careers-main', 'candidate-notification-trigger'], reroute);
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 3);
  expect(reroute).not.toHaveBeenCalled();
  addSlot('candidate-notification-trigger');
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS);
  expect(reroute).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 10);
  expect(reroute).toHaveBeenCalledTimes(1);
});

it('gives up after 30 looks, and looks again after a route change', () => {
  const reroute = jest.fn();
  stop = followSlots(['candidate-notification-trigger'], reroute);
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * (SLOT_POLL_ATTEMPTS + 5));
  addSlot('candidate-notification-trigger');
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 5);
  expect(reroute).not.toHaveBeenCalled();
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  // The slot is there at the route change itself: single-spa has just evaluated the widgets, nothing to redo.
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 5);
  expect(reroute).not.toHaveBeenCalled();
  document.body.innerHTML = '';
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  addSlot('candidate-notification-trigger');
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS);
  expect(reroute).toHaveBeenCalledTimes(1);
});

describe('slotsOf', () => {
  it('a widget draws into its slot; the shell into the navbar, banner and footer slots', () => {
    expect(slotsOf({ name: 'offers', slot: 'careers-main' })).toEqual(['careers-main']);
    expect(slotsOf({ name: 'shell', slot: 'careers-navbar' })).toEqual([
      'careers-navbar',
      'careers-banner',
      'careers-footer',
    ]);
  });
});
