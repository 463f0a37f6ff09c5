import { useId } from 'react';
import { useTranslation, domId } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { ButtonsSection } from './ButtonsSection';
import { CatalogueControls } from './CatalogueControls';
import { DisplaySection } from './DisplaySection';
import { FeedbackSection } from './FeedbackSection';
import { FieldsSection } from './FieldsSection';
import { OverlaysSection } from './OverlaysSection';
import { FormsSection } from '../forms/FormsSection';

/**
 * The component catalogue: every design-system component of @careers/shared in each state (default, forced
 * focus, disabled, error, loading, empty), under section headings, with the theme and language switchers; then the
 * forms toolkit's renderer (loaded from the forms widget) with a question of every type in every layout and mode.
 */
export function CataloguePage() {
  const { t } = useTranslation(NAMESPACE);
  const headingId = domId('cw-catalogue-title-', useId());
  return (
    <div className="cw-catalogue" id="cw-catalogue-top">
      <section className="cw-catalogue__page" aria-labelledby={headingId}>
        <h1 id={headingId} className="cw-catalogue__title">
          {t('page.title')}
        </h1>
        <p className="cw-catalogue__intro">{t('page.intro')}</p>
        <CatalogueControls />
        <ButtonsSection />
        <FieldsSection />
        <FeedbackSection />
        <DisplaySection />
        <OverlaysSection />
        <FormsSection />
      </section>
    </div>
  );
}
