import type { FocusEvent } from 'react';
import { Input, useTranslation } from '@careers/shared';
import type { DateRangeValue } from '@careers/shared/contract';
import type { FieldProps } from '../../renderer/types';
import { RULE_TEXTS } from '../../renderer/ruleTexts';
import { NAMESPACE } from '../../forms/namespace';
import { dateBound, displayDate, inputDate, isMonthFormat, isValidInputDate, readRange } from './dates';
import { controlAttributes, useQuestion, ViewValue } from './shared';

/**
 * date: the browser's date picker (`type="month"` for MM/YYYY), limited by enableFrom / enableUntil; an invalid
 * date is cleared on blur.
 */
export function DateField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { i18n } = useTranslation(NAMESPACE);
  const question = useQuestion<string>();
  const month = isMonthFormat(item);
  if (mode === 'view') return <ViewValue id={id} text={displayDate(question.value, month, i18n.language)} />;
  const value = isValidInputDate(question.value, month) ? question.value : '';
  return (
    <Input
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      type={month ? 'month' : 'date'}
      min={dateBound(item.enableFrom, month)}
      max={dateBound(item.enableUntil, month)}
      value={value}
      readOnly={item.readonly}
      onChange={(event) => question.change(event.target.value)}
      onBlur={(event) => {
        const typed = event.target.value;
        const bad = event.target.validity?.badInput || (typed !== '' && !isValidInputDate(typed, month));
        question.commit(bad ? '' : typed);
      }}
    />
  );
}

/**
 * dateRange: start and end (MM/YYYY by default) and "Currently in role", which sets the end to today and disables
 * the end picker; unticking it with the start or the end missing clears the answer
 * (docs/product/forms-toolkit.md#dates). Validated when the focus leaves the group.
 */
export function DateRangeField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tr } = useTranslation(RULE_TEXTS.ns);
  const question = useQuestion<DateRangeValue | null>();
  const month = isMonthFormat(item);
  const range = readRange(question.value);
  const start = isValidInputDate(range?.startDate, month) ? range.startDate : '';
  const end = isValidInputDate(range?.endDate, month) ? range.endDate : '';
  const current = range?.isCurrent ?? false;
  if (mode === 'view') {
    if (!start && !end) return <ViewValue id={id} text="" />;
    const from = displayDate(start, month, i18n.language);
    const to = current ? t('renderer.dateRange.present') : displayDate(end, month, i18n.language);
    return <ViewValue id={id} text={t('renderer.dateRange.view', { start: from, end: to })} />;
  }

  const set = (next: Partial<DateRangeValue>) =>
    question.change({ startDate: start || null, endDate: end || null, isCurrent: current, ...next });
  const toggleCurrent = (on: boolean) => {
    if (on) set({ endDate: inputDate(new Date(), month), isCurrent: true });
    else if (!start || !end) question.change(null);
    else set({ isCurrent: false });
  };
  const onGroupBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    question.commit();
  };
  const attributes = controlAttributes(item, describedBy, invalid);
  const min = dateBound(item.enableFrom, month);
  const max = dateBound(item.enableUntil, month);
  const type = month ? 'month' : 'date';
  const clean = (value: string) => (isValidInputDate(value, month) ? value : null);

  return (
    <div className="cw-date-range" onBlur={onGroupBlur}>
      <div className="cw-date-range__part">
        <label htmlFor={id} className="cw-date-range__label">
          {t('renderer.dateRange.start')}
        </label>
        <Input
          {...attributes}
          id={id}
          name={`${name}.startDate`}
          type={type}
          min={min}
          max={max}
          value={start}
          readOnly={item.readonly}
          onChange={(event) => set({ startDate: clean(event.target.value) })}
        />
      </div>
      <div className="cw-date-range__part">
        <label htmlFor={`${id}-end`} className="cw-date-range__label">
          {t('renderer.dateRange.end')}
        </label>
        <Input
          {...attributes}
          id={`${id}-end`}
          name={`${name}.endDate`}
          type={type}
          min={start || min}
          max={max}
          value={end}
          readOnly={item.readonly}
          disabled={item.disabled || current}
          onChange={(event) => set({ endDate: clean(event.target.value) })}
        />
      </div>
      {item.showCurrent !== false && (
        <div className="cw-check cw-date-range__current">
          <input
            id={`${id}-current`}
            className="cw-check__input"
            type="checkbox"
            checked={current}
            disabled={item.disabled || item.readonly}
            onChange={(event) => toggleCurrent(event.target.checked)}
          />
          <label htmlFor={`${id}-current`} className="cw-check__label">
            {tr(RULE_TEXTS.currentlyInRole)}
          </label>
        </div>
      )}
    </div>
  );
}
