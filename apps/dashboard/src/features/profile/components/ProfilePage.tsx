import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  useTranslation,
  Button,
  Card,
  domId,
  ErrorState,
  focusElement,
  isProfileFieldShown,
  notify,
  ProgressBar,
  Skeleton,
  shownProfileSections,
  useEmployerDomain,
} from '@careers/shared';
import type {
  ProfileConfigSection,
  ProfileDetails,
  ProfileMissingItem,
  ProfileOwnConfig,
} from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import { useCareersPageTitle } from '../../dashboard/pageTitle';
import { useProfileOwnConfig } from '../config';
import { useEditProfileMutation, useProfileAnalysisQuery, useProfileDetailsQuery } from '../endpoints';
import { notifyEditFailure } from '../errors';
import { isFormSection, type FormSectionName, type ListSectionName, type Translate } from '../forms';
import profileCss from '../profile.css';
import { AvatarEditor } from './AvatarEditor';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ResumeSection } from './ResumeSection';
import { SectionEditor } from './SectionEditor';

/** What the editor dialog edits: a section, or one entry of a list section (index null adds). */
interface Editing {
  section: FormSectionName;
  index: number | null;
}

interface Entry {
  title: string;
  meta?: string;
  body?: string;
  href?: string;
}

/** "Mar 2021" for "2021-03", in the page's language. */
function monthLabel(value: string | null | undefined, language: string): string | null {
  const found = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!found) return null;
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(found[1]), Number(found[2]) - 1, 1)),
  );
}

/** The entries of a list section as the page shows them. */
function entriesOf(
  profile: ProfileDetails,
  section: ListSectionName,
  t: Translate,
  language: string,
  own: ProfileOwnConfig | undefined,
): Entry[] {
  const join = (...parts: Array<string | number | null | undefined>) =>
    parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
  // A field the employer hides (`profileConfig.own.fields`) is not shown either.
  const shown = <T,>(field: string, value: T): T | undefined =>
    isProfileFieldShown(own, section, field) ? value : undefined;
  switch (section) {
    case 'experience':
      return profile.experience.map((item) => {
        const start = monthLabel(item.startDate, language) ?? item.startDate;
        return {
          title: t('profile.entry.role', { title: item.title, company: item.company }),
          meta: join(
            shown('location', item.location),
            isProfileFieldShown(own, section, 'endDate')
              ? t('profile.entry.period', {
                  start,
                  end: monthLabel(item.endDate, language) ?? t('profile.entry.present'),
                })
              : start,
          ),
          body: shown('description', item.description),
        };
      });
    case 'education': {
      return profile.education.map((item) => {
        const years = [shown('startYear', item.startYear), shown('endYear', item.endYear)].filter(Boolean);
        return {
          title: item.school,
          meta: join(
            shown('degree', item.degree),
            shown('field', item.field),
            years.length > 0 ? years.join('–') : null,
          ),
        };
      });
    }
    case 'skills':
      return profile.skills.map((skill) => ({ title: skill }));
    case 'languages':
      return profile.languages.map((item) => ({
        title: item.language,
        meta: t(`profile.proficiency.${item.proficiency}`),
      }));
    case 'links':
      return profile.links.map((item) => ({ title: item.label, meta: item.url, href: item.url }));
  }
}

function SectionCard({
  section,
  headingId,
  action,
  children,
}: {
  section: string;
  headingId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Card as="section" className="cw-profile-section" aria-labelledby={headingId}>
      <div className="cw-profile-section__head">
        <h2 id={headingId} className="cw-profile-section__title">
          {t(`profile.sections.${section}.title`)}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** The page while the profile loads: the header and cards at their size. */
function ProfileSkeleton() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cw-profile__skeleton" role="status">
      <span className="cw-visually-hidden">{t('profile.loading')}</span>
      <Skeleton width="100%" height={160} />
      <Skeleton width="100%" height={96} />
      <Skeleton width="100%" height={200} />
      <Skeleton width="100%" height={200} />
    </div>
  );
}

/**
 * The candidate's profile (`/careers/profile`, docs/product/profile-and-resume.md#profile-page): the header with the
 * picture, name, headline and location; how complete it is and what is missing (each a button to the place that fills
 * it); each section as a card with its entries and Edit, Add and Delete (with a confirmation); the resumes with the
 * upload.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const language = i18n.language;
  // The employer's `profileConfig.own`: the sections shown, in its order, and the optional fields shown.
  const own = useProfileOwnConfig();
  useCareersPageTitle('profile');
  const details = useProfileDetailsQuery({ domain });
  const analysis = useProfileAnalysisQuery({ domain, hl: language });
  const [editProfile, { isLoading: deleting }] = useEditProfileMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<{ section: ListSectionName; index: number; name: string } | null>(null);
  // After a delete, focus goes to the section's Add button: the Delete button it came from is gone with its entry,
  // and focus would fall to the page's body (issue 22). Run after the dialog's own focus return.
  const addButtons = useRef(new Map<ListSectionName, HTMLElement>());
  const [refocus, setRefocus] = useState<ListSectionName | null>(null);
  useEffect(() => {
    if (!refocus) return;
    focusElement(addButtons.current.get(refocus));
    setRefocus(null);
  }, [refocus]);
  const prefix = domId('cw-profile', useId());
  const ids = {
    title: `${prefix}-title`,
    avatarInput: `${prefix}-avatar-input`,
    resumeInput: `${prefix}-resume-input`,
    section: (name: string) => `${prefix}-${name}`,
  };

  const openMissing = (item: ProfileMissingItem, button: HTMLElement) => {
    if (isFormSection(item.section)) {
      setEditing({ section: item.section, index: null });
      return;
    }
    // The picture and the resume are chosen as files: open the chooser. The input is in the widget's shadow root.
    const root = button.getRootNode() as Document | ShadowRoot;
    const input = root.getElementById(item.section === 'avatar' ? ids.avatarInput : ids.resumeInput);
    if (input instanceof HTMLInputElement) input.click();
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await editProfile({ domain, section: removing.section, operation: 'delete', index: removing.index }).unwrap();
      setRefocus(removing.section);
      notify.success(t('profile.toasts.deleted'));
    } catch (error) {
      notifyEditFailure(error, t);
    } finally {
      setRemoving(null);
    }
  };

  let content: ReactNode;
  if (details.isLoading || (details.isFetching && !details.data)) {
    content = <ProfileSkeleton />;
  } else if (!details.data) {
    content = <ErrorState message={t('profile.loadFailed')} onRetry={() => void details.refetch()} />;
  } else {
    const profile = details.data;
    const { basic_info: basic, contact } = profile;
    const completion = analysis.data;
    const listCard = (section: ListSectionName) => {
      const entries = entriesOf(profile, section, t, language, own);
      return (
        <SectionCard
          key={section}
          section={section}
          headingId={ids.section(section)}
          action={
            <Button
              ref={(button: HTMLElement | null) => {
                if (button) addButtons.current.set(section, button);
                else addButtons.current.delete(section);
              }}
              variant="secondary"
              size="small"
              onClick={() => setEditing({ section, index: null })}
            >
              {t(`profile.sections.${section}.add`)}
            </Button>
          }
        >
          {entries.length === 0 ? (
            <p className="cw-profile-empty">{t(`profile.sections.${section}.empty`)}</p>
          ) : (
            <ul
              className={section === 'skills' ? 'cw-profile-entries cw-profile-entries--inline' : 'cw-profile-entries'}
            >
              {entries.map((entry, index) => (
                <li key={`${index}-${entry.title}`} className="cw-profile-entry">
                  <div className="cw-profile-entry__text">
                    <span className="cw-profile-entry__title">{entry.title}</span>
                    {entry.meta &&
                      (entry.href ? (
                        <a
                          className="cw-profile-entry__meta"
                          href={entry.href}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {entry.meta}
                        </a>
                      ) : (
                        <span className="cw-profile-entry__meta">{entry.meta}</span>
                      ))}
                    {entry.body && <p className="cw-profile-entry__body">{entry.body}</p>}
                  </div>
                  <div className="cw-profile-entry__actions">
                    <Button
                      variant="text"
                      size="small"
                      aria-label={t('profile.actions.editEntry', { name: entry.title })}
                      onClick={() => setEditing({ section, index })}
                    >
                      {t('profile.actions.edit')}
                    </Button>
                    <Button
                      variant="text"
                      size="small"
                      aria-label={t('profile.actions.deleteEntry', { name: entry.title })}
                      onClick={() => setRemoving({ section, index, name: entry.title })}
                    >
                      {t('profile.actions.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      );
    };
    const cards: Record<ProfileConfigSection, () => ReactNode> = {
      contact: () => (
        <SectionCard
          section="contact"
          headingId={ids.section('contact')}
          action={
            <Button
              variant="secondary"
              size="small"
              aria-label={t('profile.sections.contact.edit')}
              onClick={() => setEditing({ section: 'contact', index: null })}
            >
              {t('profile.actions.edit')}
            </Button>
          }
        >
          <dl className="cw-profile-contact">
            <dt>{t('profile.fields.email')}</dt>
            <dd>{contact.email}</dd>
            {isProfileFieldShown(own, 'contact', 'phone') && (
              <>
                <dt>{t('profile.fields.phone')}</dt>
                <dd>{contact.phone || t('profile.notGiven')}</dd>
              </>
            )}
          </dl>
        </SectionCard>
      ),
      summary: () => (
        <SectionCard
          section="summary"
          headingId={ids.section('summary')}
          action={
            <Button
              variant="secondary"
              size="small"
              aria-label={t('profile.sections.summary.edit')}
              onClick={() => setEditing({ section: 'summary', index: null })}
            >
              {t('profile.actions.edit')}
            </Button>
          }
        >
          {profile.summary ? (
            <p className="cw-profile-summary">{profile.summary}</p>
          ) : (
            <p className="cw-profile-empty">{t('profile.sections.summary.empty')}</p>
          )}
        </SectionCard>
      ),
      experience: () => listCard('experience'),
      education: () => listCard('education'),
      skills: () => listCard('skills'),
      languages: () => listCard('languages'),
      links: () => listCard('links'),
      resumes: () => (
        <ResumeSection resumes={profile.resumes} inputId={ids.resumeInput} headingId={ids.section('resumes')} />
      ),
    };
    content = (
      <>
        <Card className="cw-profile-header">
          <AvatarEditor basicInfo={basic} inputId={ids.avatarInput} />
          <div className="cw-profile-header__text">
            <h1 id={ids.title} className="cw-profile-header__name">
              {basic.fullname.trim() || t('profile.title')}
            </h1>
            {basic.headline && isProfileFieldShown(own, 'basic_info', 'headline') && (
              <p className="cw-profile-header__headline">{basic.headline}</p>
            )}
            {basic.location && isProfileFieldShown(own, 'basic_info', 'location') && (
              <p className="cw-profile-header__location">{basic.location}</p>
            )}
            <Button
              variant="secondary"
              size="small"
              aria-label={t('profile.sections.basic_info.edit')}
              onClick={() => setEditing({ section: 'basic_info', index: null })}
            >
              {t('profile.actions.edit')}
            </Button>
          </div>
        </Card>

        {completion && (
          <Card as="section" className="cw-profile-completion" aria-labelledby={ids.section('completion')}>
            <h2 id={ids.section('completion')} className="cw-profile-section__title">
              {t('profile.completion.title', { percent: completion.completion })}
            </h2>
            <ProgressBar
              value={completion.completion}
              label={t('profile.completion.label')}
              valueText={t('profile.completion.valueText', { percent: completion.completion })}
            />
            {completion.missing.length > 0 ? (
              <>
                <p id={ids.section('missing')} className="cw-profile-hint">
                  {t('profile.completion.missing')}
                </p>
                <ul className="cw-profile-missing" aria-labelledby={ids.section('missing')}>
                  {completion.missing.map((item) => (
                    <li key={item.key}>
                      <Button variant="text" size="small" onClick={(event) => openMissing(item, event.currentTarget)}>
                        {item.label}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="cw-profile-hint">{t('profile.completion.done')}</p>
            )}
          </Card>
        )}

        {shownProfileSections(own).map((section) => (
          <Fragment key={section}>{cards[section]()}</Fragment>
        ))}

        {editing && (
          <SectionEditor
            key={`${editing.section}-${editing.index ?? 'new'}`}
            profile={profile}
            section={editing.section}
            index={editing.index}
            onClose={() => setEditing(null)}
          />
        )}
        {removing && (
          <ConfirmDeleteDialog
            name={removing.name}
            busy={deleting}
            onConfirm={() => void remove()}
            onCancel={() => setRemoving(null)}
          />
        )}
      </>
    );
  }

  return (
    <section className="cw-profile" aria-labelledby={ids.title}>
      <style>{profileCss}</style>
      {!details.data && (
        <h1 id={ids.title} className="cw-profile__title">
          {t('profile.title')}
        </h1>
      )}
      {content}
    </section>
  );
}
