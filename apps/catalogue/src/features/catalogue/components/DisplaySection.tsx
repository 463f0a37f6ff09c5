import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, domId, StatusLabel, Tag, type Tone } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { Row, Section } from './Section';

const TONES: readonly Tone[] = ['neutral', 'info', 'success', 'warning', 'danger', 'teal', 'violet'];

/** Card (plain and with the danger accent), Tag (soft and solid) and StatusLabel in every tone. */
export function DisplaySection() {
  const { t } = useTranslation(NAMESPACE);
  const id = domId('cw-catalogue-card-', useId());
  return (
    <Section title={t('display.title')}>
      <div className="cw-catalogue-grid">
        <Card as="article" aria-labelledby={`${id}-a`} className="cw-catalogue-card">
          <h3 id={`${id}-a`} className="cw-catalogue-card__title">
            {t('display.cardTitle')}
          </h3>
          <p>{t('display.cardBody')}</p>
          <StatusLabel tone="info">{t('display.tones.info')}</StatusLabel>
        </Card>
        <Card as="article" accent="danger" aria-labelledby={`${id}-b`} className="cw-catalogue-card">
          <p>
            <Tag tone="danger" solid>
              {t('display.cardAction')}
            </Tag>
          </p>
          <h3 id={`${id}-b`} className="cw-catalogue-card__title">
            {t('display.cardTitle')}
          </h3>
          <p>{t('display.cardBody')}</p>
          <Button block aria-describedby={`${id}-b`}>
            {t('buttons.primary')}
          </Button>
        </Card>
      </div>
      <Row title={t('display.tags')}>
        {TONES.map((tone) => (
          <Tag key={tone} tone={tone}>
            {t(`display.tones.${tone}`)}
          </Tag>
        ))}
        <Tag tone="danger" solid>
          {t('display.cardAction')}
        </Tag>
      </Row>
      <Row title={t('display.statuses')}>
        {TONES.map((tone) => (
          <StatusLabel key={tone} tone={tone}>
            {t(`display.tones.${tone}`)}
          </StatusLabel>
        ))}
      </Row>
    </Section>
  );
}
