import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockViewport } from '@careers/shared/testing';
import { stepperForm } from '../test-forms';
import { renderForm, setupFormsI18n } from '../testing';
import { stepProgress } from './progress';

beforeAll(() => setupFormsI18n());

/** A controllable IntersectionObserver: `report` tells the layout which sections are in view. */
function mockIntersectionObserver() {
  let callback: IntersectionObserverCallback = () => undefined;
  const observed: Element[] = [];
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe(el: Element) {
      observed.push(el);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeObserver });
  return {
    /** Only the section with this index is in view. */
    report(index: number) {
      const entries = observed.map(
        (target, i) => ({ target, isIntersecting: i === index }) as unknown as IntersectionObserverEntry,
      );
      act(() => callback(entries, {} as IntersectionObserver));
    },
    restore() {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}

const steps = () => within(screen.getByRole('navigation', { name: 'Steps of Onboarding' })).getAllByRole('button');
const step = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Steps of Onboarding' })).getByRole('button', { name });

describe('progress on phone', () => {
  it('is the share of steps reached, rounded to the nearest 10 %', () => {
    expect(stepProgress(0, 4)).toBe(30); // 25 %
    expect(stepProgress(1, 4)).toBe(50);
    expect(stepProgress(2, 4)).toBe(80); // 75 %
    expect(stepProgress(0, 3)).toBe(30); // 33 %
    expect(stepProgress(1, 3)).toBe(70); // 67 %
    expect(stepProgress(2, 3)).toBe(100);
    expect(stepProgress(0, 0)).toBe(0);
  });

  it('shows a progress bar and the current step instead of the step list', () => {
    const viewport = mockViewport(599);
    const observer = mockIntersectionObserver();
    try {
      jest.useFakeTimers();
      renderForm({ form: stepperForm });
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      const bar = screen.getByRole('progressbar', { name: 'Form progress' });
      expect(bar).toHaveAttribute('aria-valuenow', '30');
      expect(screen.getByText('Step 1 of 4: Personal')).toBeInTheDocument();
      observer.report(2);
      act(() => jest.advanceTimersByTime(50));
      expect(bar).toHaveAttribute('aria-valuenow', '80');
      expect(bar).toHaveAttribute('aria-valuetext', '80% complete');
      expect(screen.getByText('Step 3 of 4: Skills')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
      observer.restore();
      viewport.restore();
    }
  });
});

describe('step list from tablet up', () => {
  let viewport: ReturnType<typeof mockViewport>;
  let observer: ReturnType<typeof mockIntersectionObserver>;
  beforeEach(() => {
    viewport = mockViewport(600);
    observer = mockIntersectionObserver();
  });
  afterEach(() => {
    jest.useRealTimers();
    observer.restore();
    viewport.restore();
  });

  it('scrolls a focused question clear of the sticky footer', () => {
    const { container } = renderForm({ form: stepperForm });
    const footer = container.querySelector<HTMLElement>('.cw-stepper__footer')!;
    const field = container.querySelector<HTMLElement>('.cw-stepper__sections input')!;
    const rect = (top: number, bottom: number) =>
      ({
        top,
        bottom,
        left: 0,
        right: 100,
        width: 100,
        height: bottom - top,
        x: 0,
        y: top,
        toJSON: () => ({}),
      }) as DOMRect;
    jest.spyOn(footer, 'getBoundingClientRect').mockReturnValue(rect(700, 780));
    const fieldBox = jest.spyOn(field, 'getBoundingClientRect').mockReturnValue(rect(690, 730));
    const scrollBy = jest.fn();
    Object.defineProperty(window, 'scrollBy', { configurable: true, writable: true, value: scrollBy });
    act(() => field.focus());
    // 30 px under the footer's top, plus a 16 px margin.
    expect(scrollBy).toHaveBeenCalledWith({ top: 46 });
    scrollBy.mockClear();
    fieldBox.mockReturnValue(rect(300, 340));
    act(() => field.blur());
    act(() => field.focus());
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('lists every step with its new questions, and its errors after a submit', async () => {
    const user = userEvent.setup();
    renderForm({ form: stepperForm });
    expect(steps()).toHaveLength(4);
    expect(step(/Personal/)).toHaveTextContent('1 new question');
    expect(step(/Contact/)).toHaveTextContent('2 new questions');
    expect(step(/Skills/)).not.toHaveTextContent(/new question/);
    expect(step(/Personal/)).toHaveAttribute('aria-current', 'step');
    expect(step(/Contact/)).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(step(/Personal/)).toHaveTextContent('1 error found'));
    expect(step(/Contact/)).toHaveTextContent('2 errors found');
    expect(step(/Skills/)).not.toHaveTextContent(/error/);
    // The sticky footer's summary follows after its 500 ms pause.
    const summary = screen.getByRole('status');
    expect(summary).toBeEmptyDOMElement();
    await waitFor(() => expect(summary).toHaveTextContent('3 errors found'));
  });

  it('does not announce an error count while the candidate only tabs through the empty form (issue 22)', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderForm({ form: stepperForm });
      const summary = screen.getByRole('status');
      await user.click(screen.getByLabelText(/^Name/));
      for (let i = 0; i < 5; i += 1) await user.tab();
      expect(screen.getByLabelText('Main skill')).toHaveFocus();
      await act(async () => jest.advanceTimersByTimeAsync(1000));
      // Each question left empty shows its own error; the footer's live region stays quiet.
      expect(screen.getByText('Name is required')).toBeInTheDocument();
      expect(screen.getByText('Postal code is required')).toBeInTheDocument();
      expect(summary).toBeEmptyDOMElement();
      // A real change: now the count is reported.
      await user.type(screen.getByLabelText('Nickname'), 'Ada');
      await user.tab();
      await act(async () => jest.advanceTimersByTimeAsync(1000));
      expect(summary).toHaveTextContent('3 errors found');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a click on a step focuses its first invalid question, else its first question', async () => {
    const user = userEvent.setup();
    renderForm({ form: stepperForm });
    await user.click(step(/Skills/));
    expect(screen.getByLabelText('Main skill')).toHaveFocus();
    expect(step(/Skills/)).toHaveAttribute('aria-current', 'step');

    await user.type(screen.getByLabelText(/^City/), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(step(/Contact/)).toHaveTextContent('1 error found'));
    await user.click(step(/Contact/));
    expect(screen.getByLabelText(/Postal code/)).toHaveFocus();
  });

  it('Home and End jump to the first and the last step', async () => {
    const user = userEvent.setup();
    renderForm({ form: stepperForm });
    step(/Contact/).focus();
    await user.keyboard('{End}');
    expect(step(/Review/)).toHaveFocus();
    expect(step(/Review/)).toHaveAttribute('aria-current', 'step');
    await user.keyboard('{Home}');
    expect(step(/Personal/)).toHaveFocus();
    expect(step(/Personal/)).toHaveAttribute('aria-current', 'step');
    await user.keyboard('{ArrowDown}');
    expect(step(/Contact/)).toHaveAttribute('aria-current', 'step');
  });

  it('the active step follows scrolling after 50 ms, but a click holds for a second', () => {
    jest.useFakeTimers();
    renderForm({ form: stepperForm });
    observer.report(1);
    act(() => jest.advanceTimersByTime(49));
    expect(step(/Personal/)).toHaveAttribute('aria-current', 'step');
    act(() => jest.advanceTimersByTime(1));
    expect(step(/Contact/)).toHaveAttribute('aria-current', 'step');

    fireEvent.click(step(/Review/));
    expect(step(/Review/)).toHaveAttribute('aria-current', 'step');
    // The smooth scroll passes over the third section: ignored while the click holds.
    observer.report(2);
    act(() => jest.advanceTimersByTime(900));
    expect(step(/Review/)).toHaveAttribute('aria-current', 'step');
    act(() => jest.advanceTimersByTime(200));
    observer.report(2);
    act(() => jest.advanceTimersByTime(50));
    expect(step(/Skills/)).toHaveAttribute('aria-current', 'step');
  });
});
