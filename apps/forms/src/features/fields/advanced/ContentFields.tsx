import { ReadMore } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import { sanitizeRichText } from '@careers/shared/rich-text';
import type { FieldProps } from '../../renderer/types';
import { safeHttpUrl, useFieldTexts } from './common';

/** Employer HTML, sanitised (no scripts, handlers, frames, forms or styles; links open in a new tab). */
function RichText({ html, className }: { html: string; className?: string }) {
  const { t } = useFieldTexts();
  const clean = sanitizeRichText(html, { newTabLabel: t('fields.newTab') });
  // Sanitised by DOMPurify just above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * Info (docs/product/forms-toolkit.md#content-items): the item's HTML, sanitised, under a read-more past 400 px. Same
 * in view mode.
 */
export function InfoField({ item, id }: FieldProps) {
  const { t, rulesNs } = useFieldTexts();
  return (
    <div id={id} className="cw-forms-info">
      {item.label && <p className="cw-forms-info__title">{item.label}</p>}
      <ReadMore
        maxHeight={FORM_LIMITS.readMoreDefaultPx}
        moreLabel={t('texts.readMore', { ns: rulesNs })}
        lessLabel={t('fields.readLess')}
      >
        <RichText html={item.html ?? ''} className="cw-forms-rich-text" />
      </ReadMore>
    </div>
  );
}

/**
 * Instruction (docs/product/forms-toolkit.md#content-items): the item's HTML (sanitised), else its label and help as
 * text, under a read-more past 150 px. Same in view mode.
 */
export function InstructionField({ item, id }: FieldProps) {
  const { t, rulesNs } = useFieldTexts();
  return (
    <div id={id} className="cw-forms-instruction">
      <ReadMore
        maxHeight={FORM_LIMITS.readMoreInstructionPx}
        moreLabel={t('texts.readMore', { ns: rulesNs })}
        lessLabel={t('fields.readLess')}
      >
        {item.html ? (
          <RichText html={item.html} className="cw-forms-rich-text" />
        ) : (
          <>
            {item.label && <p className="cw-forms-instruction__title">{item.label}</p>}
            {item.help && <p>{item.help}</p>}
          </>
        )}
      </ReadMore>
    </div>
  );
}

/**
 * Embedded form (docs/product/forms-toolkit.md#e-sign-and-embedded-forms): the item's page (http or https only) in an
 * 800 x 1132 px frame, narrowed to the form's width on small screens. Same in view mode.
 */
export function EmbeddedFormField({ item, id }: FieldProps) {
  const { t } = useFieldTexts();
  const url = safeHttpUrl(item.url);
  const title = item.title || item.label || t('fields.embedded.frameTitle');
  if (!url) {
    return (
      <p id={id} className="cw-forms-embedded__unavailable">
        {t('fields.embedded.unavailable', { title })}
      </p>
    );
  }
  return (
    <iframe
      id={id}
      className="cw-forms-embedded"
      src={url.href}
      title={title}
      width={FORM_LIMITS.embeddedFormWidth}
      height={FORM_LIMITS.embeddedFormHeight}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
    />
  );
}
