import { StarRating } from '@careers/shared';
import { FORM_LIMITS, RATING_LABEL_KEYS } from '@careers/shared/forms';
import { useFieldState } from '../../renderer/fieldState';
import type { FieldProps } from '../../renderer/types';
import { useFieldTexts } from './common';

/**
 * Star rating (docs/product/forms-toolkit.md#star-rating): five stars, Poor to Excellent, as a radio group in the
 * frame's fieldset; a number.
 */
export function StarRatingField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, rulesNs } = useFieldTexts();
  const field = useFieldState<number | undefined>();
  const labels = RATING_LABEL_KEYS.map((key) => t(`rating.${key}`, { ns: rulesNs }));
  const value =
    typeof field.value === 'number' && field.value >= 1 && field.value <= labels.length ? field.value : null;
  if (mode === 'view') {
    return (
      <p id={id} className="cw-forms-view-value">
        {value
          ? t('fields.rating.value', { value, max: FORM_LIMITS.ratingStars, label: labels[value - 1] })
          : t('fields.empty')}
      </p>
    );
  }
  return (
    <StarRating
      name={name}
      id={id}
      value={value}
      labels={labels}
      disabled={item.disabled}
      readOnly={item.readonly}
      required={item.required}
      invalid={invalid}
      describedBy={describedBy}
      onChange={(rating) => {
        void field.setValue(rating, true);
        void field.setTouched(true, false);
      }}
      onBlur={() => field.blur()}
    />
  );
}
