import { i18n, initI18n } from '@careers/shared';
import type { FilterDefinition } from '@careers/shared/contract';
import en from '../../locales/en.json';
import fr from '../../locales/fr-CA.json';
import { employmentTypeLabel, shownFilters } from './filters';
import { NAMESPACE } from './namespace';

beforeAll(async () => {
  await initI18n('fr-CA', ['en', 'fr-CA']);
  i18n.addResourceBundle('en', NAMESPACE, en, true, true);
  i18n.addResourceBundle('fr-CA', NAMESPACE, fr, true, true);
});

const definitions: FilterDefinition[] = [
  {
    filterName: 'employment_type',
    options: [
      { value: 'Full-time', label: 'Full-time', count: 4 },
      { value: 'Seasonal', label: 'Seasonal', count: 2 },
      { value: 'Alternance', label: 'Alternance', count: 1 },
    ],
  },
  {
    filterName: 'remote',
    options: [
      { value: 'true', label: 'Remote', count: 3 },
      { value: 'false', label: 'On-site', count: 5 },
    ],
  },
] as FilterDefinition[];

describe('filters and employment types in the page language', () => {
  it('names the employment types the widget knows, whatever the employer’s wording, and keeps the others', () => {
    expect(employmentTypeLabel('Full-time')).toBe(fr.results.employmentType.full_time);
    expect(employmentTypeLabel('full time')).toBe(fr.results.employmentType.full_time);
    expect(employmentTypeLabel('Seasonal')).toBe(fr.results.employmentType.temporary);
    expect(employmentTypeLabel('Alternance')).toBe('Alternance');
    expect(fr.results.employmentType.full_time).not.toBe(en.results.employmentType.full_time);
  });

  it('labels the filters and their values in French, the employer’s own labels first', () => {
    const config = { allFilters: ['employment_type', 'remote'] };
    const [types, remote] = shownFilters(definitions, {}, config);
    expect(types!.displayName).toBe(fr.filters.names.employment_type);
    expect(types!.options.map((option) => option.label)).toEqual([
      fr.results.employmentType.full_time,
      fr.results.employmentType.temporary,
      'Alternance',
    ]);
    expect(remote!.options.map((option) => option.label)).toEqual([
      fr.filters.values.remote.true,
      fr.filters.values.remote.false,
    ]);
    const own = shownFilters(
      definitions,
      {},
      {
        ...config,
        searchOptionsMap: { remote: { displayName: 'Lieu', options: { labelMap: { true: 'De la maison' } } } },
      },
    );
    expect(own[1]!.displayName).toBe('Lieu');
    expect(own[1]!.options[0]!.label).toBe('De la maison');
  });
});
