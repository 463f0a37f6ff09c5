import { useId, useRef, type RefObject } from 'react';
import {
  Button,
  cartApplyHref,
  CloseIcon,
  Dialog,
  DialogBackdrop,
  EmptyState,
  ErrorState,
  IconButton,
  LoadingState,
  useCartActions,
  useTranslation,
  type JobCart,
} from '@careers/shared';
import { NAMESPACE } from '../../../namespace';

export interface CartDialogProps {
  cart: JobCart | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  finalFocusRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/**
 * The job cart's dialog (see CartPanel): its own chunk, loaded when the candidate first reaches for the cart, so the
 * shell's code on every page holds only the button.
 */
export default function CartDialog({ cart, loading, failed, onRetry, finalFocusRef, onClose }: CartDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = `cw-shell-cart-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { remove, busy } = useCartActions();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button used goes away with what it removed: focus stays in the dialog, on its heading (not the page's body).
  const removeAndRefocus = async (ids: ReadonlyArray<number | string>) => {
    if (await remove(ids)) headingRef.current?.focus();
  };
  const positions = cart?.jobCartData ?? [];
  const invalid = cart?.invalidPositionIds ?? [];

  let body;
  if (cart) {
    body = (
      <>
        {invalid.length > 0 && (
          <div className="cw-shell-cart__unavailable" role="status">
            <p>{t('cart.unavailable', { count: invalid.length })}</p>
            <Button variant="secondary" size="small" loading={busy} onClick={() => void removeAndRefocus(invalid)}>
              {t('cart.removeUnavailable')}
            </Button>
          </div>
        )}
        {positions.length === 0 ? (
          <EmptyState title={t('cart.empty')} />
        ) : (
          <ul className="cw-shell-cart__list" aria-labelledby={titleId}>
            {positions.map((position) => (
              <li key={position.id} className="cw-shell-cart__item">
                <p className="cw-shell-cart__position">
                  <span className="cw-shell-cart__name">{position.name}</span>
                  {/* Read and shown apart from the name ("Robotics Technician · Ottawa"), not run into it. */}
                  {position.location ? (
                    <span className="cw-shell-cart__location">
                      {' · '}
                      {position.location}
                    </span>
                  ) : null}
                </p>
                <Button
                  variant="text"
                  size="small"
                  aria-label={t('cart.removeLabel', { name: position.name })}
                  onClick={() => void removeAndRefocus([position.id])}
                >
                  {t('cart.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (loading) {
    body = <LoadingState label={t('cart.loading')} />;
  } else if (failed) {
    body = <ErrorState message={t('cart.loadFailed')} onRetry={onRetry} retryLabel={t('cart.retry')} />;
  }

  return (
    <DialogBackdrop>
      <Dialog
        labelledBy={titleId}
        initialFocusRef={headingRef}
        finalFocusRef={finalFocusRef}
        onClose={onClose}
        className="cw-shell-cart__dialog"
      >
        <h2 id={titleId} ref={headingRef} className="cw-dialog__title" tabIndex={-1}>
          {t('cart.title')}
        </h2>
        <IconButton className="cw-dialog__close" label={t('cart.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        {body}
        {positions.length > 0 && (
          <div className="cw-dialog__actions">
            <Button href={cartApplyHref(positions.map((position) => position.id))} onClick={onClose}>
              {t('cart.apply', { count: positions.length })}
            </Button>
          </div>
        )}
      </Dialog>
    </DialogBackdrop>
  );
}
