import { onTrustedMessage } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import { useEffect, useMemo, useRef } from 'react';
import type { EsignValue, FormItem } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { useItemCode } from '../../renderer/itemCode';
import type { FieldProps } from '../../renderer/types';
import { safeHttpUrl, useFieldTexts } from './common';

/** Message types the signing page posts (docs/product/forms-toolkit.md#e-sign-and-embedded-forms). */
const ESIGN_MESSAGES = { ESIGN: 'signed', REJECT: 'rejected' } as const;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * The signing page of an e-sign item: its `url` (http or https), else the e-sign service's page on the employer's
 * custom domain, `https://<customDomain>/sign/<wid>?mode=hosted` (`mode=embedded` unless `hosted`). Null when the
 * item names neither (or an unusable address).
 */
export function esignUrl(item: Pick<FormItem, 'url' | 'customDomain' | 'wid' | 'hosted'>): URL | null {
  if (item.url) return safeHttpUrl(item.url);
  const domain = item.customDomain?.trim();
  const wid = item.wid?.trim();
  if (!domain || !wid || !HOSTNAME.test(domain)) return null;
  const url = new URL(`https://${domain.toLowerCase()}/sign/${encodeURIComponent(wid)}`);
  url.searchParams.set('mode', item.hosted ? 'hosted' : 'embedded');
  return url;
}

/**
 * The outcome a message carries: `{ type: 'ESIGN' | 'REJECT' }` only, anything else is ignored
 * (docs/product/forms-toolkit.md#e-sign-and-embedded-forms).
 */
function outcomeOf(data: unknown): EsignValue['status'] | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return type === 'ESIGN' || type === 'REJECT' ? ESIGN_MESSAGES[type] : null;
}

function isEsignValue(value: unknown): value is EsignValue {
  if (typeof value !== 'object' || value === null) return false;
  const { status, at } = value as Partial<EsignValue>;
  return (status === 'signed' || status === 'rejected') && typeof at === 'string';
}

/** "Signed on ...", "Rejected on ..." or "Not signed yet". */
function useOutcomeText(value: unknown): string {
  const { t, language } = useFieldTexts();
  if (!isEsignValue(value)) return t('fields.esign.pending');
  const at = new Date(value.at);
  const date = Number.isNaN(at.getTime())
    ? value.at
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return t(value.status === 'signed' ? 'fields.esign.signed' : 'fields.esign.rejected', { date });
}

/**
 * E-sign (docs/product/forms-toolkit.md#e-sign-and-embedded-forms): the signing page in a frame (at least 600 px high).
 * The page reports its outcome by a window message `{ type: 'ESIGN' }` (signed) or `{ type: 'REJECT' }`, accepted only
 * when it comes from the page's own origin AND from this frame's window; the value becomes `{ status: 'signed' |
 * 'rejected', at }`. Malformed messages are ignored. The outcome shows above the frame (announced); the renderer's
 * `itemCode` for the item hears of it too (`onSign`, `onReject`, with the new value).
 */
export function EsignField({ item, mode, id, describedBy }: FieldProps) {
  const { t } = useFieldTexts();
  const field = useFieldState<EsignValue | undefined>();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const url = useMemo(() => esignUrl(item), [item]);
  const origin = url?.origin;
  const outcome = useOutcomeText(field.value);
  const code = useItemCode(item);
  // The latest field state and callbacks, for the message listener (subscribed once per signing page).
  const latest = useRef({ field, code });
  useEffect(() => {
    latest.current = { field, code };
  });

  useEffect(() => {
    if (mode !== 'edit' || !origin || origin === 'null') return undefined;
    // Only this frame's messages, from the signing page's origin (the page's window message guard checks both).
    const source = () => frameRef.current?.contentWindow ?? null;
    return onTrustedMessage({ origin, source }, (event) => {
      const status = outcomeOf(event.data);
      if (!status) return;
      const value: EsignValue = { status, at: new Date().toISOString() };
      const { field: current, code: callbacks } = latest.current;
      void current.setValue(value, true);
      void current.setTouched(true, false);
      // The caller hears of the outcome once the answer holds it (`onSign` / `onReject`,
      // docs/product/forms-toolkit.md#caller-supplied-parts).
      if (status === 'signed') callbacks?.onSign?.(value);
      else callbacks?.onReject?.(value);
    });
  }, [mode, origin]);

  if (mode === 'view') {
    return (
      <p id={id} className="cw-forms-view-value">
        {outcome}
      </p>
    );
  }
  const title = item.title || item.label || t('fields.esign.frameTitle');
  return (
    <div className="cw-forms-esign">
      <p role="status" className="cw-forms-esign__status">
        {outcome}
      </p>
      {url ? (
        <iframe
          ref={frameRef}
          id={id}
          className="cw-forms-esign__frame"
          src={url.href}
          title={title}
          // Named by the question's visible label, the frame's "{id}-label" (types.ts: labelable false).
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          style={{ minHeight: FORM_LIMITS.esignMinHeight }}
          // The signing page may run scripts, post its form and open pop-ups, but cannot navigate this page.
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <p id={id} className="cw-forms-esign__unavailable">
          {t('fields.esign.unavailable')}
        </p>
      )}
    </div>
  );
}
