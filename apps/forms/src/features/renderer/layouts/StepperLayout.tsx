import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BREAKPOINTS, ProgressBar, cx, domId, minWidthQuery, useMediaQuery, useTranslation } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import type { FormSection } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { useFormSelector, useRenderer } from '../context';
import { RULE_TEXTS } from '../ruleTexts';
import { useDebouncedValue } from '../useDebouncedValue';
import { FormSectionView, sectionHeadingId } from './FormSectionView';
import { stepProgress } from './progress';
import type { LayoutProps } from './types';

interface StepCounts {
  newCount: number;
  errorCount: number;
}

function countsOf(
  section: FormSection,
  visible: ReadonlySet<string>,
  errorOf: (name: string) => string | null,
): StepCounts {
  const shown = section.items.filter((item) => visible.has(item.name));
  return {
    newCount: shown.filter((item) => item.newItem).length,
    errorCount: shown.filter((item) => errorOf(item.name)).length,
  };
}

const sameCounts = (a: StepCounts[], b: StepCounts[]) =>
  a.length === b.length &&
  a.every((count, index) => count.newCount === b[index]?.newCount && count.errorCount === b[index]?.errorCount);

/**
 * Stepper form (docs/product/forms-toolkit.md#stepper): a step per section, listed on the left from tablet up (title,
 * new questions, errors found) and shown as a progress bar on phone; the active step follows scrolling (a click holds
 * it for a second); the actions sit in a sticky footer.
 */
export function StepperLayout({ form, sections, actions }: LayoutProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tr } = useTranslation(RULE_TEXTS.ns);
  const renderer = useRenderer();
  const wide = useMediaQuery(minWidthQuery(BREAKPOINTS.tablet));
  const prefix = domId('cw-stepper-', useId());
  const [active, setActive] = useState(0);
  const holdUntil = useRef(0);
  const sectionRefs = useRef<Array<HTMLElement | null>>([]);
  const stepRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // The active step follows scrolling: the first section in view, 50 ms after the last change, unless held.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const inView = new Map<Element, boolean>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (Date.now() < holdUntil.current) return;
          const index = sectionRefs.current.findIndex((el) => el !== null && inView.get(el));
          if (index >= 0) setActive(index);
        }, FORM_LIMITS.scrollspyDebounceMs);
      },
      { rootMargin: '0px 0px -50% 0px' },
    );
    for (const el of sectionRefs.current) if (el) observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [sections]);

  /** Makes a step active (held against scrolling for a second) and scrolls its section into view. */
  const goTo = (index: number) => {
    const bounded = Math.min(Math.max(index, 0), sections.length - 1);
    setActive(bounded);
    holdUntil.current = Date.now() + FORM_LIMITS.manualStepHoldMs;
    sectionRefs.current[bounded]?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    return bounded;
  };

  /** A click on a step: go there, and focus its first invalid question, else its first question. */
  const choose = (index: number) => {
    const bounded = goTo(index);
    const section = sections[bounded];
    if (!section) return;
    const shown = section.items.filter((item) => renderer.visible.has(item.name));
    const { errorOf } = renderer.store.get();
    const target = shown.find((item) => errorOf(item.name)) ?? shown[0];
    if (target) renderer.focusField(target.name);
  };

  const onStepKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sections.length - 1;
    const next: Record<string, number> = {
      Home: 0,
      End: last,
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: Math.max(index - 1, 0),
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const target = goTo(next[event.key] ?? index);
    stepRefs.current[target]?.focus();
  };

  const counts = useFormSelector(
    (state) => sections.map((section) => countsOf(section, renderer.visible, state.errorOf)),
    sameCounts,
  );
  // The footer's count is a live region: it speaks only once the candidate submitted or changed an answer, not
  // while they merely tab through an empty form (each question's own error still shows on its blur).
  const reportErrors = useFormSelector((state) => state.reportErrors);
  const totalErrors = useDebouncedValue(
    reportErrors ? counts.reduce((sum, c) => sum + c.errorCount, 0) : 0,
    FORM_LIMITS.stepperFooterDebounceMs,
  );
  const percent = stepProgress(active, sections.length);
  const activeSection = sections[active];

  // A focused question never hides under the sticky footer (or the phone's sticky progress bar): when focus lands
  // under one of them, the page scrolls it clear (WCAG 2.4.11, focus not obscured).
  const rootRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const footer = footerRef.current;
      if (!(target instanceof HTMLElement) || footer?.contains(target) || progressRef.current?.contains(target)) return;
      const box = target.getBoundingClientRect();
      const footerTop = footer ? footer.getBoundingClientRect().top : Infinity;
      const progressBottom = progressRef.current ? progressRef.current.getBoundingClientRect().bottom : -Infinity;
      const margin = 16;
      if (box.bottom > footerTop) window.scrollBy({ top: box.bottom - footerTop + margin });
      else if (box.top < progressBottom) window.scrollBy({ top: box.top - progressBottom - margin });
    };
    root.addEventListener('focusin', onFocusIn);
    return () => root.removeEventListener('focusin', onFocusIn);
  }, []);

  return (
    <div ref={rootRef} className={cx('cw-stepper', wide && 'cw-stepper--wide')}>
      {wide ? (
        <nav className="cw-stepper__nav" aria-label={t('stepper.steps', { title: form.title })}>
          <ol className="cw-stepper__list">
            {sections.map((section, index) => {
              const { newCount, errorCount } = counts[index] ?? { newCount: 0, errorCount: 0 };
              return (
                <li key={section.id} className="cw-stepper__item">
                  <button
                    ref={(el) => {
                      stepRefs.current[index] = el;
                    }}
                    type="button"
                    className={cx(
                      'cw-stepper__step',
                      index === active && 'cw-stepper__step--active',
                      errorCount > 0 && 'cw-stepper__step--invalid',
                    )}
                    aria-current={index === active ? 'step' : undefined}
                    onClick={() => choose(index)}
                    onKeyDown={(event) => onStepKeyDown(event, index)}
                  >
                    <span className="cw-stepper__number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="cw-stepper__text">
                      <span className="cw-stepper__title">{section.title}</span>
                      {newCount > 0 && (
                        <span className="cw-stepper__count">{tr(RULE_TEXTS.newQuestions, { count: newCount })}</span>
                      )}
                      {errorCount > 0 && (
                        <span className="cw-stepper__count cw-stepper__count--error">
                          {tr(RULE_TEXTS.errorsFound, { count: errorCount, errorCount })}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
      ) : (
        <div ref={progressRef} className="cw-stepper__progress">
          <p className="cw-stepper__progress-text">
            {t('stepper.stepOf', { current: active + 1, total: sections.length, title: activeSection?.title ?? '' })}
          </p>
          <ProgressBar value={percent} label={t('stepper.progress')} valueText={t('stepper.percent', { percent })} />
          <p className="cw-stepper__percent" aria-hidden="true">
            {t('stepper.percent', { percent })}
          </p>
        </div>
      )}
      <div className="cw-stepper__sections">
        {sections.map((section, index) => (
          <FormSectionView
            key={section.id}
            ref={(el: HTMLElement | null) => {
              sectionRefs.current[index] = el;
            }}
            section={section}
            headingId={sectionHeadingId(prefix, section)}
          />
        ))}
      </div>
      <div ref={footerRef} className="cw-stepper__footer">
        <p className="cw-stepper__summary" role="status">
          {totalErrors > 0 ? tr(RULE_TEXTS.errorsFound, { count: totalErrors, errorCount: totalErrors }) : ''}
        </p>
        <div className="cw-form-actions">{actions}</div>
      </div>
    </div>
  );
}
