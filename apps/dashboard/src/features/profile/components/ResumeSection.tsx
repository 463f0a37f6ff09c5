import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  apiDownloadClick,
  apiHref,
  useTranslation,
  Button,
  Card,
  domId,
  focusElement,
  Link,
  notify,
  useEmployerDomain,
  ConfirmDialog,
} from '@careers/shared';
import type { ProfileDetails } from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import { useSiteHref } from '../../dashboard/siteHref';
import { useEditProfileMutation, useUploadResumeMutation, type UploadResumeResult } from '../endpoints';
import { errorField, errorStatus, isAborted, notifyEditFailure } from '../errors';
import { useResumeTypes } from '../config';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { formatSize, readDataUrl, resumeAccept, resumeProblem, resumeTypesText } from '../files';

export interface ResumeSectionProps {
  resumes: ProfileDetails['resumes'];
  /** Id of the file input, so the completion list can open it. */
  inputId: string;
  headingId: string;
}

/** Profile fields a resume may fill, with their label keys. */
const FILLED_LABELS: Record<string, string> = {
  firstname: 'profile.fields.firstname',
  lastname: 'profile.fields.lastname',
  location: 'profile.fields.location',
  phone: 'profile.fields.phone',
  summary: 'profile.fields.summary',
};

/**
 * The message of a failed upload: a type the employer does not accept (400 naming `resume_file_name`: its
 * configuration changed since the page loaded), not a real PDF/DOCX (400), too large (413), anything else.
 */
function uploadErrorKey(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400 && errorField(error) === 'resume_file_name') return 'profile.resume.errors.type';
  if (status === 400) return 'profile.resume.errors.invalid';
  if (status === 413) return 'profile.resume.errors.size';
  return 'profile.resume.errors.failed';
}

/**
 * The resume list and upload (docs/product/profile-and-resume.md#resume-upload): choose a PDF or DOCX (at most 5 MB), a
 * confirmation shows its name and size, Confirm sends it (`upload_resume`, the file as a data URL), Cancel closes.
 * After an upload the profile, search, the open position (and its match details) and this list are read again (tags),
 * and what the resume filled and the skills it added are shown.
 */
export function ResumeSection({ resumes, inputId, headingId }: ResumeSectionProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const siteHref = useSiteHref();
  const domain = useEmployerDomain();
  const [uploadResume, { isLoading: uploading }] = useUploadResumeMutation();
  const [editProfile, { isLoading: deleting }] = useEditProfileMutation();
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<UploadResumeResult | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  // After a delete, focus goes to "Upload a resume": the Delete button it came from is gone with its resume, and
  // focus would fall to the page's body (issue 22). Run after the dialog's own focus return.
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    focusElement(chooseRef.current);
    setRefocus(false);
  }, [refocus]);
  const inputRef = useRef<HTMLInputElement>(null);
  const problemId = domId('cw-profile-resume-error', useId());
  const language = i18n.language;
  // The employer's resume types (`fileUploadConfig.resume.allowedFileTypes`): the chooser, hint and messages.
  const types = useResumeTypes();
  const typesText = resumeTypesText(types, language);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = resumeProblem(file, types);
    if (refused) {
      setProblem(t(`profile.resume.errors.${refused}`, { types: typesText }));
      return;
    }
    setProblem(null);
    setResult(null);
    setChosen(file);
  };

  const confirm = async () => {
    if (!chosen) return;
    try {
      const content = await readDataUrl(chosen);
      setResult(await uploadResume({ domain, fileName: chosen.name, content }).unwrap());
    } catch (error) {
      if (!isAborted(error)) setProblem(t(uploadErrorKey(error), { types: typesText }));
      return;
    } finally {
      setChosen(null);
    }
    notify.success(t('profile.resume.uploaded'));
  };

  const remove = async () => {
    if (removing === null) return;
    try {
      await editProfile({ domain, section: 'resumes', operation: 'delete', index: removing }).unwrap();
      setRefocus(true);
      notify.success(t('profile.resume.deleted'));
    } catch (error) {
      notifyEditFailure(error, t);
    } finally {
      setRemoving(null);
    }
  };

  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const filled = result?.filled.map((key) => (FILLED_LABELS[key] ? t(FILLED_LABELS[key]) : key)) ?? [];

  return (
    <Card as="section" className="cw-profile-section" aria-labelledby={headingId}>
      <div className="cw-profile-section__head">
        <h2 id={headingId} className="cw-profile-section__title">
          {t('profile.sections.resumes.title')}
        </h2>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={resumeAccept(types)}
          className="cw-visually-hidden"
          // Chosen through the button below (the chooser opens on its click): hidden from assistive technology.
          aria-hidden="true"
          tabIndex={-1}
          onChange={choose}
        />
        <Button
          ref={chooseRef}
          variant="secondary"
          size="small"
          aria-describedby={problem ? problemId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {t('profile.resume.choose')}
        </Button>
      </div>
      <p className="cw-profile-hint">{t('profile.resume.hint', { types: typesText })}</p>
      {/* The profile as a PDF resume (/careers/export-resume) was linked from nowhere (issue 22). */}
      <p className="cw-profile-resume__export">
        <Link className="cw-profile-link" href={siteHref('/careers/export-resume')}>
          {t('profile.resume.export')}
        </Link>
      </p>
      {problem && (
        <p id={problemId} className="cw-profile-error" role="alert">
          {problem}
        </p>
      )}
      {result && (
        <div className="cw-profile-resume__result" role="status">
          <p>
            {filled.length > 0
              ? t('profile.resume.filled', { fields: filled.join(', ') })
              : t('profile.resume.filledNone')}
          </p>
          <p>
            {result.skillsAdded.length > 0
              ? t('profile.resume.skillsAdded', { skills: result.skillsAdded.join(', ') })
              : t('profile.resume.skillsNone')}
          </p>
        </div>
      )}
      {resumes.length === 0 ? (
        <p className="cw-profile-empty">{t('profile.sections.resumes.empty')}</p>
      ) : (
        <ul className="cw-profile-entries">
          {resumes.map((resume, index) => (
            <li key={resume.id} className="cw-profile-entry">
              <div className="cw-profile-entry__text">
                <a
                  className="cw-profile-entry__title"
                  href={apiHref(resume.url)}
                  download={resume.fileName}
                  onClick={apiDownloadClick({ fallbackName: resume.fileName })}
                >
                  {resume.fileName}
                </a>
                <span className="cw-profile-entry__meta">
                  {t('profile.resume.meta', {
                    size: formatSize(resume.byteSize, language),
                    date: dateFormat.format(new Date(resume.uploadedAt)),
                  })}
                </span>
              </div>
              <div className="cw-profile-entry__actions">
                <Button
                  variant="text"
                  size="small"
                  aria-label={t('profile.actions.deleteEntry', { name: resume.fileName })}
                  onClick={() => setRemoving(index)}
                >
                  {t('profile.actions.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <ConfirmDialog
          title={t('profile.resume.confirmTitle')}
          confirmLabel={t('profile.resume.confirm')}
          cancelLabel={t('profile.actions.cancel')}
          tone="primary"
          busy={uploading}
          onConfirm={() => void confirm()}
          onCancel={() => setChosen(null)}
        >
          <p>{t('profile.resume.confirmBody')}</p>
          <p className="cw-profile-resume__file">
            <strong>{chosen.name}</strong> ({formatSize(chosen.size, language)})
          </p>
        </ConfirmDialog>
      )}
      {removing !== null && resumes[removing] && (
        <ConfirmDeleteDialog
          name={resumes[removing].fileName}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
