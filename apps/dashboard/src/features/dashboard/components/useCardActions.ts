import { isHttpAlert, notify, useEmployerDomain, useUnsavePositionMutation } from '@careers/shared';
import { useDashboardTranslation } from '../translation';
import type { CardAction } from '../card';
import { useDeleteDraftMutation, useWithdrawApplicationMutation } from '../endpoints';

/** Copies a site path or address, made absolute, to the clipboard (docs/product/dashboard.md#cards). */
async function copyLink(href: string, t: (key: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(new URL(href, window.location.origin).href);
    notify.success(t('card.copied'));
  } catch {
    notify.error(t('card.copyFailed'));
  }
}

/** A card action's failure toast, unless the HTTP layer's alert ("Session timed out." ...) already said it. */
function failed(error: unknown, message: string): void {
  if (!isHttpAlert(error)) notify.error(message);
}

/**
 * Runs what a card's control does: withdraw an application, copy a link, unsave a position, delete a draft; each
 * ends with a toast saying how it went. `run` resolves when it is over (a failure is told, never thrown).
 */
export function useCardActions() {
  const { t, i18n } = useDashboardTranslation();
  const domain = useEmployerDomain();
  const hl = i18n.language;
  const [withdraw, withdrawing] = useWithdrawApplicationMutation();
  const [unsave, unsaving] = useUnsavePositionMutation();
  const [deleteDraft] = useDeleteDraftMutation();

  const run = async (action: CardAction): Promise<void> => {
    switch (action.type) {
      case 'copy_link':
        await copyLink(action.href, t);
        return;
      case 'withdraw_application':
        try {
          await withdraw({ domain, hl, applicationId: action.application_id }).unwrap();
          notify.success(t('withdraw.done'));
        } catch (error) {
          failed(error, t('withdraw.failed'));
        }
        return;
      case 'unsave_position':
        try {
          await unsave({ domain, positionId: action.position_id }).unwrap();
          notify.success(t('saved.removed'));
        } catch (error) {
          failed(error, t('saved.removeFailed'));
        }
        return;
      case 'delete_draft':
        try {
          await deleteDraft({ domain, positionId: action.position_id }).unwrap();
          notify.success(t('drafts.deleted'));
        } catch (error) {
          failed(error, t('drafts.deleteFailed'));
        }
        return;
    }
  };

  return { run, withdrawing: withdrawing.isLoading, unsaving: unsaving.isLoading };
}
