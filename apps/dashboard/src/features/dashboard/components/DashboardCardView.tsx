import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  Button,
  Card,
  ICON_PATHS,
  Icon,
  Link,
  MenuButton,
  StatusLabel,
  Tag,
  VisuallyHidden,
  cx,
  domId,
  focusElement,
  getActiveElement,
  type MenuItem,
  ConfirmDialog,
} from '@careers/shared';
import { useDashboardTranslation } from '../translation';
import { isExternal, isLink, safeHref, type CardActionControl, type CardControl, type ViewCard } from '../card';
import { relativeDays } from '../relativeDate';
import { useCardActions } from './useCardActions';

export interface DashboardCardViewProps {
  card: ViewCard;
  /** The title's heading level (3 under a tab's section heading). */
  level?: 2 | 3;
  /** Leave the status out (`applicationsPageConfig.tabs.submitted.hideApplicationStatus`). */
  hideStatus?: boolean;
  /** The smaller look of the nudges strip. */
  compact?: boolean;
}

/**
 * One dashboard card, whatever it shows (docs/product/dashboard.md#cards): icon, title (a link when it leads
 * somewhere), subtitle, tags, coloured status, texts (dates in `<time>`), buttons and a kebab menu. Actions run here:
 * withdraw (after the card's confirmation), copy a link, unsave a position, delete a draft.
 */
export function DashboardCardView({ card, level = 3, hideStatus = false, compact = false }: DashboardCardViewProps) {
  const { t } = useDashboardTranslation();
  const titleId = domId('cw-dash-card-', useId());
  const { run, withdrawing, unsaving } = useCardActions();
  const [confirming, setConfirming] = useState<CardActionControl | null>(null);
  const [running, setRunning] = useState<CardActionControl | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  useFocusHandoff(mainRef);
  const Heading = level === 2 ? 'h2' : 'h3';
  const href = safeHref(card.href);

  const start = async (control: CardActionControl) => {
    setRunning(control);
    await run(control.action);
    setRunning(null);
  };

  const onAction = (control: CardActionControl, from: HTMLElement | null) => {
    returnFocus.current = from;
    if (control.confirm) setConfirming(control);
    else void start(control);
  };

  const confirm = async () => {
    if (!confirming) return;
    await start(confirming);
    setConfirming(null);
  };

  const cancel = () => {
    setConfirming(null);
    focusElement(returnFocus.current);
  };

  const menu = card.menu.flatMap((control): MenuItem[] => {
    if (isLink(control)) {
      const to = safeHref(control.href);
      return to ? [{ label: control.label, href: to, external: control.external || isExternal(to) }] : [];
    }
    const onSelect = (button: HTMLButtonElement | null) => onAction(control, button);
    return [
      control.variant === 'danger'
        ? { label: control.label, tone: 'danger', onSelect }
        : { label: control.label, onSelect },
    ];
  });

  const busy = (control: CardControl) =>
    !isLink(control) &&
    running === control &&
    (control.action.type === 'unsave_position' ? unsaving : control.action.type !== 'copy_link');

  return (
    <Card as="article" className={cx('cw-dash-card', compact && 'cw-dash-card--compact')} aria-labelledby={titleId}>
      <span className={`cw-dash-card__icon cw-tone--${card.status?.tone ?? 'neutral'}`}>
        <Icon path={ICON_PATHS[card.icon] ?? ICON_PATHS.file} size={compact ? 20 : 24} />
      </span>
      <div ref={mainRef} className="cw-dash-card__main">
        <Heading id={titleId} className="cw-dash-card__title">
          {href ? <CardLink href={href}>{card.title}</CardLink> : card.title}
        </Heading>
        {card.subtitle && <p className="cw-dash-card__subtitle">{card.subtitle}</p>}
        {card.tags.length > 0 && (
          <ul className="cw-dash-card__tags" aria-label={t('card.tags')}>
            {card.tags.map((tag, index) => (
              <li key={`${index}-${tag.label}`}>
                <Tag tone={tag.tone}>{tag.label}</Tag>
              </li>
            ))}
          </ul>
        )}
        {card.texts.length > 0 && (
          <dl className="cw-dash-card__texts">
            {card.texts.map((line, index) => (
              <div key={`${index}-${line.label}`} className="cw-dash-card__text">
                <dt>{line.label}</dt>
                <dd>{line.datetime ? <DatedText text={line.text} datetime={line.datetime} /> : line.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {(card.status && !hideStatus) || menu.length > 0 ? (
        <div className="cw-dash-card__aside">
          {card.status && !hideStatus && (
            <StatusLabel tone={card.status.tone} className="cw-dash-card__status">
              <VisuallyHidden>{t('card.status')} </VisuallyHidden>
              {card.status.label}
            </StatusLabel>
          )}
          {menu.length > 0 && <MenuButton label={t('card.menu', { title: card.title })} items={menu} />}
        </div>
      ) : null}
      {card.buttons.length > 0 && (
        <div className="cw-dash-card__buttons">
          {card.buttons.map((control, index) => (
            <CardButton
              key={`${index}-${control.label}`}
              control={control}
              describedBy={titleId}
              busy={busy(control)}
              onAction={onAction}
            />
          ))}
        </div>
      )}
      {confirming?.confirm && (
        <ConfirmDialog
          title={confirming.confirm.title}
          confirmLabel={confirming.confirm.confirmLabel}
          cancelLabel={confirming.confirm.cancelLabel}
          busy={withdrawing}
          busyLabel={t('withdraw.busy')}
          onConfirm={() => void confirm()}
          onCancel={cancel}
        >
          {confirming.confirm.message}
        </ConfirmDialog>
      )}
    </Card>
  );
}

/**
 * A card that leaves the list while focus is in it (unsaved, a draft deleted, an application withdrawn) hands focus
 * to its tab panel; otherwise focus would fall to the page's body with the card's button (issue 22). Checked as the
 * card unmounts, while its elements are still on the page.
 */
function useFocusHandoff(inside: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const card = inside.current?.closest('article');
    return () => {
      if (!card) return;
      const focused = getActiveElement(card.ownerDocument);
      if (!focused || !card.contains(focused)) return;
      const panel = card.closest<HTMLElement>('[role="tabpanel"]');
      // After the card has left the page; not when the whole page went (a link followed).
      setTimeout(() => {
        if (panel?.isConnected) focusElement(panel);
      }, 0);
    };
  }, [inside]);
}

/** A card's date as the server or the adapter wrote it, with how far it is in days ("Oct 17, 2026 (39 days ago)"). */
function DatedText({ text, datetime }: { text: string; datetime: string }) {
  const { t, i18n } = useDashboardTranslation();
  const relative = relativeDays(datetime, i18n.language);
  return (
    <time dateTime={datetime}>
      {relative ? t('card.dated', { date: text, relative, interpolation: { escapeValue: false } }) : text}
    </time>
  );
}

/** The title's link: in the site (no page load) or, for another site, in a new tab. */
function CardLink({ href, children }: { href: string; children: string }) {
  const { t } = useDashboardTranslation();
  if (isExternal(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className="cw-dash-card__link">
        {children}
        <VisuallyHidden> {t('card.newTab')}</VisuallyHidden>
      </a>
    );
  }
  return (
    <Link href={href} className="cw-dash-card__link">
      {children}
    </Link>
  );
}

interface CardButtonProps {
  control: CardControl;
  /** The card's title, so that "Delete draft" says which. */
  describedBy: string;
  busy: boolean;
  onAction: (control: CardActionControl, from: HTMLElement | null) => void;
}

/** A card's button: a link that looks like one, or an action. */
function CardButton({ control, describedBy, busy, onAction }: CardButtonProps) {
  const { t } = useDashboardTranslation();
  if (isLink(control)) {
    const href = safeHref(control.href);
    if (!href) return null;
    const external = control.external || isExternal(href);
    return (
      <Button
        href={href}
        size="small"
        variant={control.variant}
        aria-describedby={describedBy}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {control.label}
        {external && <VisuallyHidden> {t('card.newTab')}</VisuallyHidden>}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      variant={control.variant === 'danger' ? 'disruptive-secondary' : control.variant}
      aria-describedby={describedBy}
      loading={busy}
      onClick={(event) => onAction(control, event.currentTarget)}
    >
      {control.label}
    </Button>
  );
}
