import { createPointerGate } from './pointerGate';

/** A pointer event as the browser sends it (jsdom has no PointerEvent: `buttons` is set on a plain event). */
function pointer(type: string, buttons = 0) {
  const event = new Event(type, { bubbles: true, composed: true });
  Object.defineProperty(event, 'buttons', { value: buttons });
  document.body.dispatchEvent(event);
}

describe('the pointer gate (decision 015)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds work while a mouse button is down, and runs it a task after the release (after its click)', () => {
    const gate = createPointerGate(document);
    const job = jest.fn();
    pointer('pointerdown', 1);
    gate.run(job); // the blur of mousedown
    jest.advanceTimersByTime(1000);
    expect(job).not.toHaveBeenCalled();
    pointer('pointerup');
    // mouseup and click come in this same task: the work waits for the next one.
    expect(job).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(job).toHaveBeenCalledTimes(1);
    gate.dispose();
  });

  it('a tap moves the focus after pointerup: the work still waits for the task after its click', () => {
    const gate = createPointerGate(document);
    const job = jest.fn();
    pointer('pointerdown', 1);
    pointer('pointerup');
    gate.run(job); // the blur of the mousedown the browser makes up after the touch
    expect(job).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(job).toHaveBeenCalledTimes(1);
    gate.dispose();
  });

  it('a cancelled press, or a release the page did not see, ends the wait; disposed, nothing runs', () => {
    const gate = createPointerGate(document);
    const first = jest.fn();
    pointer('pointerdown', 1);
    gate.run(first);
    pointer('pointercancel');
    jest.advanceTimersByTime(0);
    expect(first).toHaveBeenCalledTimes(1);

    const second = jest.fn();
    pointer('pointerdown', 1);
    gate.run(second);
    pointer('pointermove', 1);
    jest.advanceTimersByTime(0);
    expect(second).not.toHaveBeenCalled();
    pointer('pointermove', 0);
    jest.advanceTimersByTime(0);
    expect(second).toHaveBeenCalledTimes(1);

    const third = jest.fn();
    gate.run(third);
    gate.dispose();
    jest.advanceTimersByTime(0);
    expect(third).not.toHaveBeenCalled();
  });
});
