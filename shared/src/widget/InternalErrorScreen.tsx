import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import type { BootData } from '../contract';
import { sitePath } from '../contract/routes';
import { isShellAddress } from '../contract/shell-parts';
import { isPlainLeftClick } from '../navigation/navigate';

/** Where the go-back link leads without history: the page we came from when it is on this site, else /careers. */
function backAddress(): string {
  try {
    const from = new URL(document.referrer);
    if (from.origin === window.location.origin && from.href !== window.location.href) {
      return `${from.pathname}${from.search}`;
    }
  } catch {
    // no referrer, or not an address
  }
  const domain = new URLSearchParams(window.location.search).get('domain');
  return sitePath('/careers/:query?/:location?', {}, { domain });
}

/** The contact link: the employer's `branding.contactUrl` when it is a safe address, else its careers mailbox. */
function contactAddress(boot: BootData | null): string {
  const configured = boot?.pcsxConfig.branding?.contactUrl?.trim();
  if (configured && isShellAddress(configured, { mailto: true })) return configured;
  return boot?.groupId ? `mailto:careers@${boot.groupId}` : 'mailto:';
}

export interface InternalErrorScreenProps {
  error: unknown;
  boot: BootData | null;
}

/**
 * The 500 screen a page widget shows when it fails (docs/product/shell.md#error-screen): "Internal Server Error", a
 * go-back link and a contact link; the error and its stack only for an administrator (`user.is_admin`).
 */
export function InternalErrorScreen({ error, boot }: InternalErrorScreenProps) {
  const { t } = useTranslation('common');
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event) || window.history.length <= 1) return;
    event.preventDefault();
    window.history.back();
  };
  const failure = error instanceof Error ? error : new Error(String(error));
  return (
    <section className="cw-error-page" aria-labelledby="cw-error-page-title">
      <h1 id="cw-error-page-title">{t('errorPage.title')}</h1>
      <p>{t('errorPage.text')}</p>
      <p className="cw-error-page__links">
        <a href={backAddress()} onClick={back}>
          {t('errorPage.back')}
        </a>
        <a href={contactAddress(boot)}>{t('errorPage.contact')}</a>
      </p>
      {boot?.user?.is_admin === true && (
        <details className="cw-error-page__details">
          <summary>{t('errorPage.details')}</summary>
          <pre>{[failure.message, failure.stack].filter(Boolean).join('\n')}</pre>
        </details>
      )}
    </section>
  );
}
