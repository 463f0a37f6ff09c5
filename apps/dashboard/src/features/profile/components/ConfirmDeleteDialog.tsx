import { ConfirmDialog, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../dashboard/namespace';

/** The profile's one confirmation before an entry or a resume is removed: the same title, body and buttons for both. */
export function ConfirmDeleteDialog({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ConfirmDialog
      title={t('profile.confirmDelete.title')}
      confirmLabel={t('profile.actions.delete')}
      cancelLabel={t('profile.actions.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('profile.confirmDelete.body', { name })}</p>
    </ConfirmDialog>
  );
}
