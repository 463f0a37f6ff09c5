import { useId, useState } from 'react';
import { cx } from './classNames';
import { VisuallyHidden } from './VisuallyHidden';

export interface StarRatingProps {
  /** The radios' group name (a form field path). */
  name: string;
  /** The chosen rating (1 to the number of labels), or null. */
  value: number | null;
  onChange: (value: number) => void;
  /** One label per star, lowest first ("Poor" ... "Excellent"): the radios' names. */
  labels: readonly string[];
  /** Id of the first radio (what a label or a "focus the first error" points at). */
  id?: string;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

function Star() {
  return (
    <svg className="cw-stars__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/**
 * A star rating: one native radio per star (so arrow keys move and choose, Tab enters and leaves the group), each
 * named by its label, drawn as stars filled up to the chosen (or hovered) one, with the chosen label shown beside.
 * Put it in a fieldset whose legend names the question.
 */
export function StarRating({
  name,
  value,
  onChange,
  labels,
  id,
  onBlur,
  disabled,
  readOnly,
  required,
  invalid,
  describedBy,
  className,
}: StarRatingProps) {
  const base = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <div
      className={cx(
        'cw-stars',
        (disabled || readOnly) && 'cw-stars--static',
        invalid && 'cw-stars--invalid',
        className,
      )}
      onMouseLeave={() => setHovered(null)}
    >
      {labels.map((label, index) => {
        const rating = index + 1;
        const inputId = index === 0 && id ? id : `${base}-${rating}`;
        return (
          <span key={rating} className="cw-stars__item">
            <input
              id={inputId}
              className="cw-stars__input"
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              disabled={disabled}
              required={required}
              aria-describedby={describedBy}
              onChange={() => {
                if (!readOnly) onChange(rating);
              }}
              onBlur={onBlur}
            />
            <label
              htmlFor={inputId}
              className={cx('cw-stars__star', rating <= shown && 'cw-stars__star--on')}
              onMouseEnter={() => !disabled && !readOnly && setHovered(rating)}
            >
              <Star />
              <VisuallyHidden>{label}</VisuallyHidden>
            </label>
          </span>
        );
      })}
      <span className="cw-stars__label" aria-hidden="true">
        {shown ? labels[shown - 1] : ''}
      </span>
    </div>
  );
}
