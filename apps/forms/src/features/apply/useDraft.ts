import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormValues } from '@careers/shared/contract';
import { useSaveDraftMutation } from './endpoints';

/** The pause after the last change before the draft is saved. */
export const DRAFT_DELAY_MS = 2000;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface DraftTarget {
  domain: string;
  positionIds: number[];
  hl: string;
}

/**
 * The signed-in candidate's draft of an application (docs/product/apply-and-drafts.md#drafts): saved 2 s after the last
 * change, and at once when the page is hidden or left with unsaved changes. Disabled (signed out), nothing is saved. A
 * failed save only says so: the answers stay, and the next change tries again.
 */
export function useDraft(target: DraftTarget | null) {
  const [saveDraft] = useSaveDraftMutation();
  const [status, setStatus] = useState<DraftStatus>('idle');
  const latest = useRef<FormValues | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const mounted = useRef(true);
  const targetRef = useRef(target);
  targetRef.current = target;

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const save = useCallback(() => {
    clearTimer();
    const to = targetRef.current;
    const values = latest.current;
    if (!to || !values || !dirty.current) return;
    dirty.current = false;
    if (mounted.current) setStatus('saving');
    const call = saveDraft({ ...to, values })
      .unwrap()
      .then(
        () => {
          if (mounted.current && !dirty.current) setStatus('saved');
        },
        () => {
          dirty.current = true;
          if (mounted.current) setStatus('failed');
        },
      );
    inFlight.current = call;
    void call.finally(() => {
      if (inFlight.current === call) inFlight.current = null;
    });
  }, [saveDraft]);

  /** Every change of the answers: the draft is saved once they rest for {@link DRAFT_DELAY_MS}. */
  const onValuesChange = useCallback(
    (values: FormValues) => {
      if (!targetRef.current) return;
      latest.current = values;
      dirty.current = true;
      clearTimer();
      timer.current = setTimeout(save, DRAFT_DELAY_MS);
    },
    [save],
  );

  /** Before applying: no more saves (the server deletes the draft), once the one under way has ended. */
  const stop = useCallback(async () => {
    clearTimer();
    dirty.current = false;
    await inFlight.current;
  }, []);

  const enabled = target !== null;
  useEffect(() => {
    if (!enabled) return undefined;
    const onHide = () => {
      if (document.visibilityState === 'hidden' && dirty.current) save();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [enabled, save]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the page with unsaved changes saves them.
      if (dirty.current) save();
      clearTimer();
    };
  }, [save]);

  return { status, onValuesChange: enabled ? onValuesChange : undefined, stop };
}
