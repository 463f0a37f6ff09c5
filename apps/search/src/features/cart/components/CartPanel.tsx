import { useId, useRef, useState, type RefObject } from 'react';
import {
  Button,
  CloseIcon,
  Dialog,
  DialogBackdrop,
  EmptyState,
  ErrorState,
  IconButton,
  LoadingState,
  selectBoot,
  useAppSelector,
  useTranslation,
} from '@careers/shared';
import { NAMESPACE } from '../../search/namespace';
import type { JobCart } from '../endpoints';
import { useCartActions, useCartEnabled, useJobCart } from '../useCart';

/** The apply page for every position of the cart (spec 001 §2: `/careers/apply?pid={ids comma-joined}`). */
export function applyHref(ids: ReadonlyArray<number | string>): string {
  return `/careers/apply?pid=${ids.map((id) => encodeURIComponent(String(id))).join(',')}`;
}

/**
 * The job cart in the page header: a button "Job cart (N)" that opens a dialog listing the cart's positions, each
 * with a remove button, the positions no longer available with "Remove unavailable positions", and "Apply" for
 * every position in the cart. Shown to signed-in candidates where the employer offers the cart. Closing the
 * dialog gives focus back to the button.
 */
export function CartPanel() {
  const { t } = useTranslation(NAMESPACE);
  const enabled = useCartEnabled();
  const signedIn = useAppSelector((state) => selectBoot(state)?.isLoggedIn === true);
  const cart = useJobCart();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!enabled || !signedIn) return null;

  const count = cart.data?.jobCartData.length ?? 0;
  return (
    <>
      <Button
        ref={triggerRef}
        variant="secondary"
        size="small"
        className="cw-cart-panel__trigger"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('cart.open', { count })}
      </Button>
      {open && (
        <CartDialog
          cart={cart.data}
          loading={cart.isLoading}
          failed={cart.isError}
          onRetry={() => void cart.refetch()}
          finalFocusRef={triggerRef}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

interface CartDialogProps {
  cart: JobCart | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  finalFocusRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

function CartDialog({ cart, loading, failed, onRetry, finalFocusRef, onClose }: CartDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = `cw-cart-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { remove, busy } = useCartActions();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button used goes away with what it removed: focus stays in the dialog, on its heading.
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
          <div className="cw-cart__unavailable" role="status">
            <p>{t('cart.unavailable', { count: invalid.length })}</p>
            <Button variant="secondary" size="small" loading={busy} onClick={() => void removeAndRefocus(invalid)}>
              {t('cart.removeUnavailable')}
            </Button>
          </div>
        )}
        {positions.length === 0 ? (
          <EmptyState title={t('cart.empty')} />
        ) : (
          <ul className="cw-cart__list" aria-labelledby={titleId}>
            {positions.map((position) => (
              <li key={position.id} className="cw-cart__item">
                <p className="cw-cart__position">
                  <span className="cw-cart__name">{position.name}</span>
                  {/* Read and shown apart from the name ("Robotics Technician · Ottawa"), not run into it. */}
                  {position.location ? (
                    <span className="cw-cart__location">
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
      <Dialog labelledBy={titleId} finalFocusRef={finalFocusRef} onClose={onClose} className="cw-cart">
        <h2 id={titleId} ref={headingRef} className="cw-dialog__title" tabIndex={-1}>
          {t('cart.title')}
        </h2>
        <IconButton className="cw-dialog__close" label={t('cart.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        {body}
        {positions.length > 0 && (
          <div className="cw-dialog__actions">
            <Button href={applyHref(positions.map((position) => position.id))} onClick={onClose}>
              {t('cart.apply', { count: positions.length })}
            </Button>
          </div>
        )}
      </Dialog>
    </DialogBackdrop>
  );
}
