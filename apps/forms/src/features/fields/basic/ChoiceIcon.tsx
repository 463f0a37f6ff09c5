import { ICON_PATHS, Icon, type IconName } from '@careers/shared';

/** Drawn at the size of a line of text, so a choice with an icon is no taller than one without. */
const ICON_PX = 20;

const isIconName = (icon: string): icon is IconName => Object.prototype.hasOwnProperty.call(ICON_PATHS, icon);

/**
 * An image address a choice's icon may use: http(s), or a same-site path; a `data:image/...` address (small images
 * inlined in the definition). Anything else (`javascript:`, a malformed address) is not drawn.
 */
function imageAddress(icon: string): string | null {
  if (/^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/i.test(icon)) return icon;
  try {
    const url = new URL(icon, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A choice's icon (docs/product/forms-toolkit.md#options): an icon of the design system's set by
 * name (`"calendar"`, `"video"`...), else an image at that address. Decorative: the choice's label, always beside
 * it, names the choice, so assistive technology reads the label once and nothing more.
 */
export function ChoiceIcon({ icon }: { icon: string | undefined }) {
  if (!icon) return null;
  if (isIconName(icon)) return <Icon name={icon} size={ICON_PX} className="cw-choice-icon" />;
  const src = imageAddress(icon);
  if (!src) return null;
  return <img className="cw-choice-icon" src={src} alt="" width={ICON_PX} height={ICON_PX} />;
}
