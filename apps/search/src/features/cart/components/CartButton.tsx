import {
  Button,
  canSignIn,
  Icon,
  requestLogin,
  selectBoot,
  useAppSelector,
  useTranslation,
  useCartActions,
  useCartEnabled,
  useJobCart,
  type ButtonSize,
} from '@careers/shared';
import type { PositionSummary } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';

/** Shopping cart, outline and filled (Material icons, 24 × 24). */
const CART =
  'M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0020 4H5.21l-.94-2H1zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2z';
const CART_CHECK =
  'M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zm10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2zM7.17 14.75l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03L21 4.96 19.25 4l-3.7 7H8.53L4.27 2H1v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.13 0-.25-.11-.25-.25zM12 9.17 9.41 6.59 8 8l4 4 6-6-1.41-1.41z';

export type CartablePosition = Pick<PositionSummary, 'id' | 'name' | 'positionUserActions'>;

/**
 * Add a position to the job cart or take it out: a toggle button (`aria-pressed`) showing "Add to cart" or "In
 * cart", named by that text followed by the position's name ("Add to cart: Welder"): its name starts with what it
 * shows (WCAG 2.5.3). Shown only where the employer offers the cart. Whether the position is
 * in the cart comes from the cart itself once loaded (the answer of every change replaces it), else from the
 * results. A signed-out visitor is asked to sign in and the position is added then; where candidates cannot sign
 * in, signed-out visitors are not offered the button. A failure leaves the state as it was (logged only).
 */
export function CartButton({ position, size = 'small' }: { position: CartablePosition; size?: ButtonSize }) {
  const { t } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const enabled = useCartEnabled();
  const cart = useJobCart();
  const { add, remove, busy } = useCartActions();

  const signedIn = boot?.isLoggedIn === true;
  if (!boot || !enabled || (!signedIn && !canSignIn(boot))) return null;

  const inCart = cart.data
    ? cart.data.jobCartData.some((item) => item.id === position.id)
    : position.positionUserActions.inCart;

  const shownText = inCart ? t('cart.inCart') : t('cart.add');
  const toggle = () => {
    if (!signedIn) {
      requestLogin({
        reason: 'addToCart',
        action: () => add([position.id]),
        // A new account gets it in its cart once its email is confirmed, wherever the link opens.
        pendingAction: { type: 'add_to_cart', positionId: position.id },
      });
      return;
    }
    void (inCart ? remove([position.id]) : add([position.id]));
  };

  return (
    <Button
      variant="secondary"
      size={size}
      className="cw-cart-button"
      aria-pressed={inCart}
      loading={busy}
      icon={<Icon path={inCart ? CART_CHECK : CART} size={18} />}
      onClick={toggle}
      aria-label={t('a11y.named', { label: shownText, name: position.name })}
    >
      {shownText}
    </Button>
  );
}
