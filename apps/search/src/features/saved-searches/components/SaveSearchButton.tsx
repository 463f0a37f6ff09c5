import { useEffect, useRef, useState } from 'react';
import {
  Button,
  canSignIn,
  ErrorMessage,
  selectBoot,
  useAppSelector,
  useEmployerDomain,
  useTranslation,
  type HttpQueryError,
} from '@careers/shared';
import type { BootData, SavedSearchMetadata } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';
import { useDeleteSavedSearchMutation, useSaveSearchMutation } from '../endpoints';
import { saveSearchBody } from '../saveSearchBody';

/**
 * Saved searches are offered to a signed-in candidate where the employer has saved-search notifications on and
 * candidate login allowed (docs/product/search.md#saved-searches).
 */
function offersSavedSearches(boot: BootData | null): boolean {
  return (
    boot?.isLoggedIn === true &&
    boot.notificationsConfig.notificationKeys?.savedSearchNotification?.enabled === true &&
    canSignIn(boot)
  );
}

const serverMessage = (error: unknown): HttpQueryError | null =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as HttpQueryError) : null;

/**
 * "Save this search" for the current results (their `savedSearchMetadata`), then "Search saved" with a button to
 * delete it again. Shown only where saved searches are offered ({@link offersSavedSearches}) and the answer
 * carries metadata. The limit of saved searches (409) shows the server's message; focus moves to the control
 * that replaces the one used.
 */
export function SaveSearchButton({ metadata }: { metadata: SavedSearchMetadata }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const domain = useEmployerDomain();
  const [saveSearch, saving] = useSaveSearchMutation();
  const [deleteSearch, deleting] = useDeleteSavedSearchMutation();
  // The id from our own save or delete, for the metadata it was made from: newer results replace it.
  const [answer, setAnswer] = useState<{ from: SavedSearchMetadata; id: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [focusNext, setFocusNext] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const savedId = answer && answer.from === metadata ? answer.id : (metadata?.savedSearchId ?? null);

  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(false);
    (savedId === null ? saveRef : deleteRef).current?.focus();
  }, [focusNext, savedId]);

  if (!metadata || !offersSavedSearches(boot)) return null;

  const save = async () => {
    setError(null);
    try {
      const saved = await saveSearch(
        saveSearchBody(metadata, {
          domain,
          language: i18n.language,
          encodeCommas: boot?.behaviourFlags.enableCommaInFilterValues === true,
        }),
      ).unwrap();
      setAnswer({ from: metadata, id: saved.id });
      setFocusNext(true);
    } catch (failure) {
      const known = serverMessage(failure);
      setError(known?.status === 409 && known.message ? known.message : t('savedSearches.errors.save'));
    }
  };

  const remove = async (id: number) => {
    setError(null);
    try {
      await deleteSearch({ domain, savedSearchId: id }).unwrap();
      setAnswer({ from: metadata, id: null });
      setFocusNext(true);
    } catch {
      setError(t('savedSearches.errors.delete'));
    }
  };

  return (
    <div className="cw-save-search">
      {savedId === null ? (
        <Button ref={saveRef} variant="secondary" size="small" loading={saving.isLoading} onClick={() => void save()}>
          {saving.isLoading ? t('savedSearches.saving') : t('savedSearches.save')}
        </Button>
      ) : (
        <>
          <span className="cw-save-search__status" role="status">
            {t('savedSearches.saved')}
          </span>
          <Button
            ref={deleteRef}
            variant="text"
            size="small"
            loading={deleting.isLoading}
            onClick={() => void remove(savedId)}
          >
            {t('savedSearches.delete')}
          </Button>
        </>
      )}
      {error && (
        <ErrorMessage className="cw-save-search__error" role="alert">
          {error}
        </ErrorMessage>
      )}
    </div>
  );
}
