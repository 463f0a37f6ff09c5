import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  apiHref,
  useTranslation,
  Button,
  domId,
  focusElement,
  notify,
  useEmployerDomain,
  ConfirmDialog,
} from '@careers/shared';
import type { ProfileDetails } from '@careers/shared/contract';
import { NAMESPACE } from '../../dashboard/namespace';
import { useEditProfileMutation } from '../endpoints';
import { errorStatus, isAborted } from '../errors';
import { AVATAR_ACCEPT, readAvatar } from '../files';

export interface AvatarEditorProps {
  basicInfo: ProfileDetails['basic_info'];
  /** Id of the file input, so the completion list can open it. */
  inputId: string;
}

/** Initials shown in place of a missing picture. */
function initials(firstname: string, lastname: string): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase();
}

/**
 * The candidate's picture: change it (PNG, JPEG or WebP of at most 2 MB, checked here by content before any preview
 * and again by the server) with a preview to confirm, or remove it. Refusals and server errors are shown under the
 * picture.
 */
export function AvatarEditor({ basicInfo, inputId }: AvatarEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const domain = useEmployerDomain();
  const [editProfile, { isLoading }] = useEditProfileMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // After "Remove picture", focus goes to "Add a picture": the Remove button is gone with the picture, and focus
  // would fall to the page's body (issue 22). Run after the dialog's own focus return.
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    focusElement(chooseRef.current);
    setRefocus(false);
  }, [refocus]);
  const errorId = domId('cw-profile-avatar-error', useId());
  const { avatar, firstname, lastname } = basicInfo;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const read = await readAvatar(file);
      if ('problem' in read) {
        setProblem(t(`profile.avatar.errors.${read.problem}`));
        return;
      }
      setProblem(null);
      setPreview(read.dataUrl);
    } catch {
      setProblem(t('profile.avatar.errors.read'));
    }
  };

  // A file that starts like a picture but does not decode (cut short, damaged): no broken preview, an error.
  const previewFailed = () => {
    setPreview(null);
    setProblem(t('profile.avatar.errors.read'));
  };

  const save = async (operation: 'update' | 'delete', value?: string) => {
    try {
      await editProfile({ domain, section: 'avatar', operation, value }).unwrap();
    } catch (error) {
      if (isAborted(error)) return;
      const status = errorStatus(error);
      setProblem(t(status === 422 || status === 413 ? 'profile.avatar.errors.refused' : 'profile.toasts.failed'));
      return;
    } finally {
      setPreview(null);
      setConfirmRemove(false);
    }
    setProblem(null);
    if (operation === 'delete') setRefocus(true);
    notify.success(t(operation === 'update' ? 'profile.avatar.saved' : 'profile.avatar.removed'));
  };

  return (
    <div className="cw-profile-avatar">
      {avatar ? (
        <img
          className="cw-profile-avatar__image"
          src={apiHref(avatar)}
          alt={t('profile.avatar.alt')}
          width={96}
          height={96}
        />
      ) : (
        <span className="cw-profile-avatar__image cw-profile-avatar__initials" aria-hidden="true">
          {initials(firstname, lastname)}
        </span>
      )}
      <div className="cw-profile-avatar__actions">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={AVATAR_ACCEPT}
          className="cw-visually-hidden"
          // Chosen through the button below (the chooser opens on its click): hidden from assistive technology.
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => void choose(event)}
        />
        <Button
          ref={chooseRef}
          variant="secondary"
          size="small"
          aria-describedby={problem ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {t(avatar ? 'profile.avatar.change' : 'profile.avatar.add')}
        </Button>
        {avatar && (
          <Button variant="text" size="small" onClick={() => setConfirmRemove(true)}>
            {t('profile.avatar.remove')}
          </Button>
        )}
      </div>
      <p className="cw-profile-avatar__hint">{t('profile.avatar.hint')}</p>
      {problem && (
        <p id={errorId} className="cw-profile-error" role="alert">
          {problem}
        </p>
      )}
      {preview && (
        <ConfirmDialog
          title={t('profile.avatar.previewTitle')}
          confirmLabel={t('profile.avatar.use')}
          cancelLabel={t('profile.actions.cancel')}
          tone="primary"
          busy={isLoading}
          onConfirm={() => void save('update', preview)}
          onCancel={() => setPreview(null)}
        >
          <img
            className="cw-profile-avatar__preview"
            src={preview}
            alt={t('profile.avatar.previewAlt')}
            onError={previewFailed}
          />
        </ConfirmDialog>
      )}
      {confirmRemove && (
        <ConfirmDialog
          title={t('profile.avatar.removeTitle')}
          confirmLabel={t('profile.avatar.remove')}
          cancelLabel={t('profile.actions.cancel')}
          busy={isLoading}
          onConfirm={() => void save('delete')}
          onCancel={() => setConfirmRemove(false)}
        >
          <p>{t('profile.avatar.removeBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
