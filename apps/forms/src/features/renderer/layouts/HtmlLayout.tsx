import { useId } from 'react';
import { Card, cx, domId, useTranslation } from '@careers/shared';
import { sanitizeRichText } from '@careers/shared/rich-text';
import type { FormItem, FormSection } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { useRenderer } from '../context';
import { FormField } from '../FieldFrame';
import { safeId } from '../dom';
import { holdsValue } from '../model';
import { fieldTypes } from '../registry';
import { sectionHeadingId } from './FormSectionView';
import type { LayoutProps } from './types';

/** Display types whose content is their HTML: the card's description shows it, so their field is not repeated. */
const CONTENT_TYPES: ReadonlySet<string> = new Set(['info', 'instruction']);

/**
 * The address an item's image may be loaded from: an absolute http(s) address, or a path on this site ("/img/a.png";
 * not "//host/a.png" nor "/\host/a.png", which browsers read as another host). Anything else (`javascript:`, `data:`,
 * relative "a.png") is refused: null.
 */
export function safeImageSrc(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    if (/^https?:\/\//i.test(text)) {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    }
    if (!text.startsWith('/') || text.startsWith('//') || text.startsWith('/\\')) return null;
    const url = new URL(text, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

interface HtmlCardProps {
  item: FormItem;
  headingId: string;
}

/** One item as a card: its label as the heading, its HTML (sanitised) as the description, its image, its field. */
function HtmlCard({ item, headingId }: HtmlCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const description = item.html ? sanitizeRichText(item.html, { newTabLabel: t('fields.newTab') }) : '';
  const image = safeImageSrc(item.image);
  const content = CONTENT_TYPES.has(item.type);
  const showsField = holdsValue(item, fieldTypes) || !content;
  return (
    <Card
      as="article"
      className={cx('cw-form-html__card', item.layout === 'half' && 'cw-form-html__card--half')}
      aria-labelledby={item.label ? headingId : undefined}
      data-html-item={item.name}
    >
      {item.label && (
        <h3 id={headingId} className="cw-form-html__heading">
          {item.label}
        </h3>
      )}
      {description ? (
        // Sanitised by DOMPurify (sanitizeRichText) just above.
        <div
          className="cw-form-html__description cw-forms-rich-text"
          dangerouslySetInnerHTML={{ __html: description }}
        />
      ) : (
        content && item.help && <p className="cw-form-html__description">{item.help}</p>
      )}
      {image && (
        // An image without an aria label is decorative: the heading and description carry the meaning.
        <img className="cw-form-html__image" src={image} alt={item.ariaLabel ?? ''} loading="lazy" />
      )}
      {showsField && (
        <div className="cw-form-html__field">
          <FormField item={item} />
        </div>
      )}
    </Card>
  );
}

function HtmlSection({ section, headingId }: { section: FormSection; headingId: string }) {
  const { visible } = useRenderer();
  return (
    <section className="cw-form-section" aria-labelledby={headingId} data-section={section.id}>
      <h2 id={headingId} className="cw-form-section__title">
        {section.title}
      </h2>
      {section.description && <p className="cw-form-section__description">{section.description}</p>}
      <div className="cw-form-section__items cw-form-html__items">
        {section.items
          .filter((item) => visible.has(item.name))
          .map((item) => (
            <HtmlCard key={item.name} item={item} headingId={`${headingId}-${safeId(item.name)}`} />
          ))}
      </div>
    </section>
  );
}

/**
 * HTML-content form (docs/product/forms-toolkit.md#layouts): the sections stacked, each item a card with a heading (its
 * label), a description (its HTML, sanitised) and an optional image; the questions that take a value show their field
 * in the card.
 */
export function HtmlLayout({ sections, actions }: LayoutProps) {
  const prefix = domId('cw-form-html-', useId());
  return (
    <div className="cw-form-simple cw-form-html">
      {sections.map((section) => (
        <HtmlSection key={section.id} section={section} headingId={sectionHeadingId(prefix, section)} />
      ))}
      {actions && <div className="cw-form-actions">{actions}</div>}
    </div>
  );
}
