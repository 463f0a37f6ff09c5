import { useId, useMemo, useRef, useState } from 'react';
import {
  useTranslation,
  Button,
  CloseIcon,
  Dialog,
  DialogBackdrop,
  domId,
  IconButton,
  notify,
  RemoteFormRenderer,
  Skeleton,
  useEmployerDomain,
} from '@careers/shared';
import type { FormValues, ProfileDetails } from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import { useEditProfileMutation } from '../endpoints';
import { editFieldErrors, notifyEditFailure } from '../errors';
import {
  isListSection,
  sectionForm,
  sectionValidators,
  sectionValue,
  sectionValues,
  type FormSectionName,
} from '../forms';
import { useProfileOwnConfig } from '../config';

export interface SectionEditorProps {
  profile: ProfileDetails;
  section: FormSectionName;
  /** The entry edited in a list section; null adds one (or edits a whole section). */
  index: number | null;
  onClose: () => void;
}

/** The form's place while the toolkit's renderer loads: rows of its size, so nothing moves when it comes. */
function FormPlaceholder({ rows }: { rows: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cw-profile-editor__placeholder" role="status">
      <span className="cw-visually-hidden">{t('profile.editor.loading')}</span>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} width="100%" height={72} />
      ))}
      <Skeleton width={140} height={44} />
    </div>
  );
}

/**
 * Editing one section (or one entry of a list section) in a dialog: the section as a forms toolkit form, drawn by
 * the toolkit's renderer that the forms widget exposes (loaded on demand). Saving sends `profile_edit`; on success
 * the dialog closes and the profile is read again (`Profile` tag); on failure a toast
 * (docs/product/profile-and-resume.md#editing) and the form keeps its answers; a 422 naming one of the form's questions
 * also shows the server's message on it.
 */
export function SectionEditor({ profile, section, index, onClose }: SectionEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const [editProfile, { isLoading }] = useEditProfileMutation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = domId('cw-profile-editor', useId());
  const list = isListSection(section);
  const adding = list && index === null;

  // The employer's `profileConfig.own.fields`: which optional questions the form asks.
  const own = useProfileOwnConfig();
  const form = useMemo(() => sectionForm(t, section, adding, own), [t, section, adding, own]);
  const validators = useMemo(() => sectionValidators(t, section, own), [t, section, own]);
  // Kept for the dialog's life: a new object would reset the form (and lose the answers after a failure).
  const [initialValues] = useState<FormValues>(() => sectionValues(profile, section, index));
  // A new object for each failure: the renderer shows the server's message on its question until it is changed.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();

  const submit = async (values: FormValues) => {
    try {
      await editProfile({
        domain,
        section,
        operation: adding ? 'add' : 'update',
        value: sectionValue(section, values),
        ...(list && index !== null ? { index } : {}),
      }).unwrap();
    } catch (error) {
      notifyEditFailure(error, t);
      const fieldErrors = editFieldErrors(error, section, t);
      if (fieldErrors) setServerErrors(fieldErrors);
      return;
    }
    notify.success(t('profile.toasts.saved'));
    onClose();
  };

  return (
    <DialogBackdrop>
      <Dialog
        labelledBy={titleId}
        initialFocusRef={closeRef}
        size="large"
        className="cw-profile-editor"
        onClose={() => {
          if (!isLoading) onClose();
        }}
      >
        <h2 id={titleId} className="cw-dialog__title">
          {form.title}
        </h2>
        <IconButton ref={closeRef} className="cw-dialog__close" label={t('profile.actions.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <RemoteFormRenderer
          loading={<FormPlaceholder rows={form.sections[0]?.items.length ?? 1} />}
          failedMessage={t('profile.editor.failed')}
          form={form}
          initialValues={initialValues}
          customValidators={validators}
          serverErrors={serverErrors}
          submitLabel={t('profile.actions.save')}
          onSubmit={submit}
          footer={
            <Button variant="secondary" onClick={onClose} disabled={isLoading}>
              {t('profile.actions.cancel')}
            </Button>
          }
        />
      </Dialog>
    </DialogBackdrop>
  );
}
