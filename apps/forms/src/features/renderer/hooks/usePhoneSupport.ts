import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormDefinition } from '@careers/shared/contract';
import { formHasRegexRule, formNeedsPhoneRules, loadRegexRules, regexRulesInstalled } from '@careers/shared/forms';
import { loadPhoneSupport, phoneSupportLoaded } from '../../fields/advanced';

export type PhoneSupportState = 'ready' | 'loading' | 'failed';

/**
 * A form with a phone question waits for the phone support (its field and the engine's phone checks), and a form
 * with a regex rule for the engine's regex checks (re2js), both loaded on demand: without them the form could not
 * check those answers. Other forms are ready at once.
 */
export function usePhoneSupport(form: FormDefinition): { state: PhoneSupportState; retry: () => void } {
  // A phone question, or a strict phone rule on any question: both need libphonenumber-js's checks.
  const needsPhone = useMemo(() => formNeedsPhoneRules(form), [form]);
  const needsRegex = useMemo(() => formHasRegexRule(form), [form]);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; ok: boolean } | null>(null);
  const ready = useCallback(
    () => (!needsPhone || phoneSupportLoaded()) && (!needsRegex || regexRulesInstalled()),
    [needsPhone, needsRegex],
  );
  useEffect(() => {
    if (ready()) return undefined;
    let live = true;
    Promise.all([needsPhone ? loadPhoneSupport() : null, needsRegex ? loadRegexRules() : null]).then(
      () => live && setLoaded({ attempt, ok: true }),
      (error: unknown) => {
        console.error('The phone or pattern checks of the form could not be loaded.', error);
        if (live) setLoaded({ attempt, ok: false });
      },
    );
    return () => {
      live = false;
    };
  }, [needsPhone, needsRegex, ready, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (ready() || loaded?.ok) return { state: 'ready', retry };
  return { state: loaded?.attempt === attempt && !loaded.ok ? 'failed' : 'loading', retry };
}
