import { useId } from 'react';
import {
  useTranslation,
  Button,
  Card,
  CloseIcon,
  domId,
  Icon,
  ICON_PATHS,
  StatusLabel,
  Tag,
  type IconName,
  type Tone,
} from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { Row, Section } from './Section';

/** A document outline, as the offers widget draws one. */
const SAMPLE_ICON =
  'M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5L13 3.5zM8 13h8v1.5H8V13zm0 3.5h8V18H8v-1.5zM8 9.5h3V11H8V9.5z';

const ICON_NAMES = Object.keys(ICON_PATHS) as IconName[];

const TONES: readonly Tone[] = ['neutral', 'info', 'success', 'warning', 'danger', 'teal', 'violet'];

/** Card (plain and with the danger accent), Tag (soft and solid), StatusLabel in every tone, Icon and the icon set. */
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
      <Row title={t('display.icons')}>
        {[16, 24, 32].map((size) => (
          <span key={size} className="cw-catalogue-icon">
            <Icon path={SAMPLE_ICON} size={size} />
            {t('display.iconSize', { size })}
          </span>
        ))}
        <span className="cw-catalogue-icon">
          <CloseIcon />
          {t('display.closeIcon')}
        </span>
      </Row>
      <Row title={t('display.iconSet')}>
        {ICON_NAMES.map((name) => (
          <span key={name} className="cw-catalogue-icon">
            <Icon name={name} />
            <code>{name}</code>
          </span>
        ))}
      </Row>
    </Section>
  );
}
