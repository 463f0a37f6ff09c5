import { lazy, Suspense, useRef, useState } from 'react';
import { cx, Icon, useJobCart, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../../namespace';

const loadDialog = () => import(/* webpackChunkName: "shell-cart-dialog" */ './CartDialog');
const CartDialog = lazy(loadDialog);

/** Shopping cart (Material Design "shopping_cart", Apache-2.0), 24 x 24. */
const CART_PATH =
  'M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0020 4H5.21l-.94-2H1zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2z';

/**
 * The job cart panel of the page shell (docs/product/cart-and-saved.md#cart-panel, when `jobCartConfig.enabled`), on
 * every careers page for a signed-in candidate: a button "Job cart (N)" that opens a dialog listing the cart's
 * positions, each with a remove button, the positions no longer available with "Remove unavailable positions", and
 * "Apply" for every position in the cart. The cart is the page's one cached cart (@careers/shared), so an "Add to
 * cart" on a search result shows here at once. In the careers navbar the button is an icon and the count, its
 * words kept for screen readers and shown from 1440 px (the row has no room for them below); where the employer's
 * own navbar is in force, `floating` pins it to the page's bottom corner (it takes no room in the page).
 * Closing the dialog gives focus back to the button. The dialog's code is fetched when the pointer or the focus
 * reaches the button (the shell is on every page: its first load holds the button only).
 */
export function CartPanel({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const cart = useJobCart();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const count = cart.data?.jobCartData.length ?? 0;

  return (
    <div className={cx('cw-shell-cart', floating && 'cw-shell-cart--floating')}>
      <button
        ref={triggerRef}
        type="button"
        className="cw-shell-cart__trigger"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Icon path={CART_PATH} size={22} />
        {/* The accessible name is the text, "Job cart (2)": it starts with the words, and holds the count shown. */}
        <span className="cw-shell-cart__word">{t('cart.label')}</span>{' '}
        <span className="cw-shell-cart__count">{t('cart.count', { count })}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartDialog
            cart={cart.data}
            loading={cart.isLoading}
            failed={cart.isError}
            onRetry={() => void cart.refetch()}
            finalFocusRef={triggerRef}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
