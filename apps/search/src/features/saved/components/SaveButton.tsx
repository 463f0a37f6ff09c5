import { useState } from 'react';
import {
  Button,
  canSignIn,
  Icon,
  isHttpAlert,
  notify,
  requestLogin,
  savedPositionsApi,
  selectBoot,
  useAppDispatch,
  useAppSelector,
  useEmployerDomain,
  useSavePositionMutation,
  useTranslation,
  useUnsavePositionMutation,
  type ButtonSize,
  type HttpQueryError,
} from '@careers/shared';
import type { PositionSummary } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';

/** Bookmark outline and filled (Material icons, 24 × 24). */
const BOOKMARK = 'M17 3H7c-1.1 0-1.99.9-1.99 2L5 21l7-3 7 3V5c0-1.1-.9-2-2-2zm0 15l-5-2.18L7 18V5h10v13z';
const BOOKMARK_FILLED = 'M17 3H7c-1.1 0-1.99.9-1.99 2L5 21l7-3 7 3V5c0-1.1-.9-2-2-2z';

export type SaveablePosition = Pick<PositionSummary, 'id' | 'name' | 'positionUserActions'>;

const queryError = (error: unknown): Partial<HttpQueryError> =>
  typeof error === 'object' && error !== null ? (error as Partial<HttpQueryError>) : {};

/**
 * Save / unsave a position: a toggle button (`aria-pressed`) showing "Save" or "Saved", and named by that text
 * followed by the position's name ("Save: Nurse"), so its name starts with what it shows (WCAG 2.5.3).
 * The state follows the server's answer (`positionUserActions.isSaved`) until the results are fetched again. A
 * signed-out visitor is asked to sign in, and the position is saved once signed in; where candidates cannot sign
 * in, signed-out visitors are not offered the button. A failure shows a toast and leaves the state as it was.
 */
export function SaveButton({ position, size = 'small' }: { position: SaveablePosition; size?: ButtonSize }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const boot = useAppSelector(selectBoot);
  const domain = useEmployerDomain();
  const [save, saving] = useSavePositionMutation();
  const [unsave, unsaving] = useUnsavePositionMutation();
  // The answer's flag, for the position and flag it was given for: newer results replace it.
  const shown = `${position.id}:${position.positionUserActions.isSaved}`;
  const [answer, setAnswer] = useState<{ shown: string; isSaved: boolean } | null>(null);
  const isSaved = answer?.shown === shown ? answer.isSaved : position.positionUserActions.isSaved;

  const signedIn = boot?.isLoggedIn === true;
  if (!boot || (!signedIn && !canSignIn(boot))) return null;

  const args = { positionId: position.id, domain };
  const saveAfterSignIn = () =>
    requestLogin({
      reason: 'saveJob',
      action: () => dispatch(savedPositionsApi.endpoints.savePosition.initiate(args)).unwrap(),
      // A new account saves it once its email is confirmed, wherever the link opens.
      pendingAction: { type: 'save_job', positionId: position.id },
    });

  const toggle = async () => {
    if (!signedIn) {
      saveAfterSignIn();
      return;
    }
    try {
      const actions = await (isSaved ? unsave(args) : save(args)).unwrap();
      setAnswer({ shown, isSaved: actions.isSaved });
    } catch (error) {
      const { kind, status } = queryError(error);
      if (kind === 'sessionTimedOut' && !isSaved && canSignIn(boot)) {
        saveAfterSignIn();
        return;
      }
      // The HTTP layer's alert (session timed out, invalid CSRF, 429) already told the candidate.
      if (isHttpAlert(error)) return;
      const key =
        status === 404 && !isSaved ? 'saved.errors.closed' : isSaved ? 'saved.errors.unsave' : 'saved.errors.save';
      notify.error(t(key, { name: position.name }));
    }
  };

  const busy = saving.isLoading || unsaving.isLoading;
  const shownText = isSaved ? t('saved.saved') : t('saved.save');
  return (
    <Button
      variant="secondary"
      size={size}
      className="cw-save-button"
      aria-pressed={isSaved}
      loading={busy}
      icon={<Icon path={isSaved ? BOOKMARK_FILLED : BOOKMARK} size={18} />}
      onClick={() => void toggle()}
      aria-label={t('a11y.named', { label: shownText, name: position.name })}
    >
      {shownText}
    </Button>
  );
}
