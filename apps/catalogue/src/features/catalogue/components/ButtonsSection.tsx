import { useTranslation, Button, CloseIcon, IconButton, type ButtonVariant } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { ForcedFocus, Row, Section } from './Section';

const VARIANTS: ReadonlyArray<[ButtonVariant, string]> = [
  ['primary', 'buttons.primary'],
  ['secondary', 'buttons.secondary'],
  ['neutral', 'buttons.neutral'],
  ['disruptive', 'buttons.disruptive'],
  ['disruptive-secondary', 'buttons.disruptiveSecondary'],
  ['text', 'buttons.text'],
];

/** Button in every variant and state, and the round icon button. */
export function ButtonsSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Section title={t('buttons.title')}>
        {VARIANTS.map(([variant, key]) => (
          <Row key={variant} title={t(key)}>
            <Button variant={variant}>{t('states.default')}</Button>
            <ForcedFocus>
              <Button variant={variant}>{t('states.focus')}</Button>
            </ForcedFocus>
            <Button variant={variant} disabled>
              {t('states.disabled')}
            </Button>
            <Button variant={variant} loading>
              {t('buttons.saving')}
            </Button>
            <Button variant={variant} size="small">
              {t('states.small')}
            </Button>
            <Button variant={variant} href="#cw-catalogue-top">
              {t('states.link')}
            </Button>
          </Row>
        ))}
      </Section>
      <Section title={t('iconButtons.title')}>
        <Row title={t('iconButtons.title')}>
          <IconButton label={t('iconButtons.close')}>
            <CloseIcon />
          </IconButton>
          <ForcedFocus>
            <IconButton label={t('iconButtons.closeFocus')}>
              <CloseIcon />
            </IconButton>
          </ForcedFocus>
          <IconButton label={t('iconButtons.closeDisabled')} disabled>
            <CloseIcon />
          </IconButton>
        </Row>
      </Section>
    </>
  );
}
