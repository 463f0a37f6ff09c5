import { useTranslation } from '@careers/shared';
import { NAMESPACE } from '../namespace';

/**
 * The forms pages' frame: the heading. The pages themselves (apply, form view, forms centre, onboarding) render
 * their forms with the renderer (features/renderer/FormRenderer) inside it.
 */
export function FormsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cw-forms" aria-labelledby="cw-forms-title">
      <h1 id="cw-forms-title" className="cw-forms__title">
        {t('page.title')}
      </h1>
    </section>
  );
}
