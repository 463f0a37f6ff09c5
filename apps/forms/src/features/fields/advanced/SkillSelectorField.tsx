import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button, Input, Spinner, Tag, VisuallyHidden, cx, skipToken } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import type { FormItem } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { useCallerLoad } from '../../renderer/callerLoads';
import { useCallerLoads, useItemCode } from '../../renderer/itemCode';
import { ownErrorMessage } from '../basic/queryError';
import type { FieldProps } from '../../renderer/types';
import { asList, useFieldTexts } from './common';
import { useSkillSearchQuery } from './endpoints';

const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const sameSkill = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** The "+N" / "Show fewer" toggle of a collapsed skill list (docs/product/forms-toolkit.md#skill-selector). */
function CollapseToggle({
  hidden,
  expanded,
  controls,
  onToggle,
}: {
  hidden: number;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const { t, rulesNs } = useFieldTexts();
  return (
    <Button variant="text" size="small" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      {expanded ? (
        t('texts.showFewer', { ns: rulesNs })
      ) : (
        <>
          {t('texts.moreCount', { ns: rulesNs, count: hidden })}
          <VisuallyHidden> ({t('fields.skills.showMore', { count: hidden })})</VisuallyHidden>
        </>
      )}
    </Button>
  );
}

/** The skills shown collapsed: the first `threshold`, plus any chosen one further down. */
function collapse(skills: string[], threshold: number, keep: (skill: string) => boolean, expanded: boolean) {
  if (expanded || skills.length <= threshold) return { shown: skills, hidden: 0 };
  const shown = skills.filter((skill, index) => index < threshold || keep(skill));
  return { shown, hidden: skills.length - shown.length };
}

function threshold(item: FormItem): number {
  return item.showMoreThreshold ?? FORM_LIMITS.skillCollapseThreshold;
}

/**
 * Skill selector (docs/product/forms-toolkit.md#skill-selector): the value is a list of skills. The suggested skills
 * (and the chosen ones) are toggle buttons, collapsed past `showMoreThreshold` (default 10) with "+N" / "Show fewer". A
 * search box finds more: through the caller's `searchCall` (the renderer's `itemCode`), else the item's `apiEndpoint`
 * (GET `?query=`, `data.options`) when it has one, else among the suggestions; the typed skill itself can be added
 * (button or Enter). The frame's legend names the group; the search box is `id`.
 */
export function SkillSelectorField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t } = useFieldTexts();
  const field = useFieldState<string[] | undefined>();
  const selected = asList<string>(field.value).filter((s): s is string => typeof s === 'string');
  const [expanded, setExpanded] = useState(false);
  const [term, setTerm] = useState('');
  const base = useId();
  const query = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  // The caller's search (`searchCall`, docs/product/forms-toolkit.md#caller-supplied-parts) comes before the item's
  // endpoint.
  const searchCall = useItemCode(item)?.searchCall;
  const searches = !!searchCall || !!item.apiEndpoint;
  const endpointSearch = useSkillSearchQuery(
    mode === 'edit' && !searchCall && item.apiEndpoint && query ? { endpoint: item.apiEndpoint, query } : skipToken,
  );
  const callerSearch = useCallerLoad<string[]>(
    useCallerLoads(),
    mode === 'edit' && searchCall && query ? `${item.name}\u0000search\u0000${query}` : null,
    searchCall ? (signal) => searchCall(query, { signal }) : undefined,
    1,
  );
  const search = searchCall
    ? {
        currentData: callerSearch.status === 'done' ? callerSearch.data : undefined,
        isFetching: callerSearch.status === 'pending' || callerSearch.status === 'idle',
        isError: callerSearch.status === 'failed',
        error: callerSearch.failure?.error,
      }
    : {
        currentData: endpointSearch.currentData?.map((option) => option.label || option.value),
        isFetching: endpointSearch.isFetching,
        isError: endpointSearch.isError,
        error: endpointSearch.error,
      };
  const isSelected = (skill: string) => selected.some((s) => sameSkill(s, skill));
  const listId = `${base}-skills`;

  if (mode === 'view') {
    const { shown, hidden } = collapse(selected, threshold(item), () => false, expanded);
    if (!selected.length) return <p id={id}>{t('fields.empty')}</p>;
    return (
      <div className="cw-forms-skills">
        <ul id={listId} className="cw-forms-skills__list">
          {shown.map((skill) => (
            <li key={skill}>
              <Tag>{skill}</Tag>
            </li>
          ))}
        </ul>
        {(hidden > 0 || expanded) && (
          <CollapseToggle
            hidden={hidden}
            expanded={expanded}
            controls={listId}
            onToggle={() => setExpanded(!expanded)}
          />
        )}
      </div>
    );
  }

  const disabled = item.disabled || item.readonly;
  const setSkills = (next: string[]) => {
    void field.setValue(next, true);
    void field.setTouched(true, false);
  };
  const toggle = (skill: string) =>
    setSkills(isSelected(skill) ? selected.filter((s) => !sameSkill(s, skill)) : [...selected, skill]);
  const addTyped = () => {
    const skill = term.trim();
    if (!skill) return;
    if (!isSelected(skill)) setSkills([...selected, skill]);
    setTerm('');
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTyped();
    }
  };

  const suggested = item.suggestedSkills ?? [];
  const chips = [...suggested, ...selected.filter((s) => !suggested.some((x) => sameSkill(x, s)))];
  const { shown, hidden } = collapse(chips, threshold(item), isSelected, expanded);

  const typed = term.trim();
  const results: string[] = searches
    ? (search.currentData ?? []).filter((skill): skill is string => typeof skill === 'string' && skill.trim() !== '')
    : typed
      ? suggested.filter((s) => s.toLocaleLowerCase().includes(typed.toLocaleLowerCase()))
      : [];
  const searching = searches && !!typed && (typed !== query || search.isFetching);
  const canAddTyped = !!typed && !isSelected(typed) && !results.some((r) => sameSkill(r, typed));

  const chip = (skill: string) => (
    <li key={skill}>
      <button
        type="button"
        className={cx('cw-forms-skill', isSelected(skill) && 'cw-forms-skill--on')}
        aria-pressed={isSelected(skill)}
        disabled={disabled}
        onClick={() => toggle(skill)}
      >
        {skill}
      </button>
    </li>
  );

  return (
    <div className="cw-forms-skills">
      <label htmlFor={id} className="cw-forms-skills__search-label">
        {t('fields.skills.search')}
      </label>
      <div className="cw-forms-skills__search">
        <Input
          id={id}
          type="search"
          value={term}
          disabled={disabled}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onKeyDown={onSearchKey}
          onBlur={() => field.blur()}
          name={name}
        />
        {canAddTyped && (
          <Button variant="secondary" size="small" onClick={addTyped} disabled={disabled}>
            {t('fields.skills.add', { skill: typed })}
          </Button>
        )}
      </div>
      <div role="status" className="cw-forms-skills__status">
        {searching ? (
          <>
            <Spinner size="small" /> {t('fields.skills.searching')}
          </>
        ) : search.isError && typed ? (
          // The failure's own message when it has one (docs/product/forms-toolkit.md#failure-texts), else the generic
          // one.
          (ownErrorMessage(search.error) ?? t('fields.skills.searchFailed'))
        ) : typed ? (
          t('fields.skills.found', { count: results.length })
        ) : null}
      </div>
      {typed && results.length > 0 && (
        <ul className="cw-forms-skills__list" aria-label={t('fields.skills.results')}>
          {results.map(chip)}
        </ul>
      )}
      {chips.length > 0 && (
        <ul id={listId} className="cw-forms-skills__list" aria-label={t('fields.skills.suggested')}>
          {shown.map(chip)}
        </ul>
      )}
      {(hidden > 0 || expanded) && (
        <CollapseToggle hidden={hidden} expanded={expanded} controls={listId} onToggle={() => setExpanded(!expanded)} />
      )}
    </div>
  );
}
