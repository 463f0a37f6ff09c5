import { useEffect, useRef } from 'react';
import {
  apiDownloadClick,
  useTranslation,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Skeleton,
  sitePath,
  useEmployerDomain,
  useLocation,
} from '@careers/shared';
import type { ProfileDetails } from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import { useProfileDetailsQuery } from '../../profile/endpoints';
import { downloadUrl, SETTINGS_URLS } from '../endpoints';
import settingsCss from '../settings.css';
import { useCareersPageTitle } from '../../dashboard/pageTitle';

/** The sections the resume shows, in its order, and how many entries each has. */
function sectionsOf(profile: ProfileDetails) {
  return [
    { key: 'summary', count: profile.summary.trim() ? 1 : 0 },
    { key: 'experience', count: profile.experience.length },
    { key: 'education', count: profile.education.length },
    { key: 'skills', count: profile.skills.length },
    { key: 'languages', count: profile.languages.length },
    { key: 'links', count: profile.links.length },
  ] as const;
}

/**
 * /careers/export-resume: what the resume will hold (name, headline, contact and each section), a "Download PDF"
 * link and an "Open PDF" link (the browser's viewer, in a new tab). With `?download=1` the download starts at once.
 */
export function ExportResumePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  useCareersPageTitle('exportResume');
  const { searchParams } = useLocation();
  const { data, isLoading, isError, refetch } = useProfileDetailsQuery({ domain });
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const params = { domain, hl: i18n.language };
  const autoDownload = searchParams.get('download') === '1';

  useEffect(() => {
    if (autoDownload && data) downloadRef.current?.click();
  }, [autoDownload, data]);

  let content;
  if (isLoading) {
    content = (
      <div role="status" aria-label={t('settings.resume.loading')}>
        <Skeleton width="100%" height={200} />
      </div>
    );
  } else if (isError || !data) {
    content = <ErrorState message={t('settings.resume.loadFailed')} onRetry={() => void refetch()} />;
  } else {
    const { basic_info: basics, contact } = data;
    const sections = sectionsOf(data);
    const empty = sections.every((section) => section.count === 0);
    content = (
      <>
        <Card as="section" className="cw-settings__section" aria-labelledby="cw-resume-name">
          <h2 id="cw-resume-name" className="cw-settings__heading">
            {basics.fullname || contact.email}
          </h2>
          {basics.headline && <p>{basics.headline}</p>}
          <p className="cw-settings__muted">
            {[contact.email, contact.phone, basics.location].filter(Boolean).join(' · ')}
          </p>
          <ul className="cw-settings__list" aria-label={t('settings.resume.contents')}>
            {sections.map((section) => (
              <li key={section.key}>
                <span>{t(`settings.resume.sections.${section.key}`)}</span>{' '}
                <span className="cw-settings__muted">
                  {section.count === 0
                    ? t('settings.resume.sectionEmpty')
                    : t('settings.resume.entries', { count: section.count })}
                </span>
              </li>
            ))}
          </ul>
          {empty && <EmptyState title={t('settings.resume.emptyTitle')}>{t('settings.resume.emptyBody')}</EmptyState>}
        </Card>
        <div className="cw-settings__actions">
          <Button
            ref={downloadRef}
            href={downloadUrl(SETTINGS_URLS.exportResume, params)}
            download
            onClick={apiDownloadClick({ fallbackName: 'resume.pdf' })}
          >
            {t('settings.resume.download')}
          </Button>
          <Button
            variant="secondary"
            href={downloadUrl(SETTINGS_URLS.exportResume, { ...params, disposition: 'inline' })}
            target="_blank"
            rel="noopener"
            onClick={apiDownloadClick({ fallbackName: 'resume.pdf', open: true })}
          >
            {t('settings.resume.open')}
          </Button>
          <Button variant="text" href={sitePath('/careers/profile', {}, { domain })}>
            {t('settings.resume.edit')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className="cw-settings" aria-labelledby="cw-resume-title">
      <style>{settingsCss}</style>
      <h1 id="cw-resume-title" className="cw-settings__title">
        {t('settings.resume.title')}
      </h1>
      <p>{t('settings.resume.intro')}</p>
      {content}
    </section>
  );
}
