import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Combobox,
  ErrorMessage,
  SpecialLocations,
  formatLocationText,
  locationName,
  specialLocation,
  useTranslation,
  type ComboboxOption,
  type SearchAddress,
} from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { useLocationSuggestions, useQuerySuggestions } from '../useSuggestions';

export interface SearchFormProps {
  domain: string;
  address: SearchAddress;
  /** Shortest term that asks for suggestions. */
  minSuggestionLength: number;
  /** The "current location" special location is offered. */
  currentLocationEnabled: boolean;
  onSearch: (next: { query: string; location: string }) => void;
}

/** What the location box shows for a location: its name (without coordinates). */
function shownLocation(location: string): string {
  return locationName(location);
}

/** How long the browser may take to tell where the candidate is (ms). */
const GEOLOCATION_TIMEOUT_MS = 10_000;

/**
 * The search box and the location box, each with suggestions, and the search button. The location box also offers
 * the special locations (docs/product/search.md#special-locations): `remote` and, when configured, `current location`
 * (the browser's position, sent with its coordinates).
 */
export function SearchForm({
  domain,
  address,
  minSuggestionLength,
  currentLocationEnabled,
  onSearch,
}: SearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [query, setQuery] = useState(address.query);
  const [location, setLocation] = useState(shownLocation(address.location));
  const [geoError, setGeoError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  // The boxes follow the address (back, forward, a search run from elsewhere).
  useEffect(() => setQuery(address.query), [address.query]);
  useEffect(() => setLocation(shownLocation(address.location)), [address.location]);

  const querySuggestions = useQuerySuggestions(domain, query, minSuggestionLength, query !== address.query);
  const locationTyped = location !== shownLocation(address.location);
  const locationSuggestions = useLocationSuggestions(domain, location, minSuggestionLength, locationTyped);

  /** The location to search: the address's own (with its coordinates) while the box still shows it. */
  const locationToSearch = (shown: string) => (shown === shownLocation(address.location) ? address.location : shown);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setGeoError(null);
    onSearch({ query: query.trim(), location: locationToSearch(location.trim()) });
  };

  const locateCandidate = () => {
    setGeoError(null);
    if (!('geolocation' in navigator)) {
      setGeoError(t('form.geolocation.unavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const value = formatLocationText(SpecialLocations.currentLocation, {
          lat: position.coords.latitude.toFixed(4),
          lng: position.coords.longitude.toFixed(4),
        });
        setLocation(SpecialLocations.currentLocation);
        onSearch({ query: query.trim(), location: value });
      },
      (error) => {
        setLocating(false);
        setGeoError(error.code === 1 ? t('form.geolocation.denied') : t('form.geolocation.failed'));
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 300_000 },
    );
  };

  const queryOptions: ComboboxOption[] = querySuggestions.suggestions.map((s) => ({
    key: `${s.kind}:${s.term}`,
    label: s.term,
    hint: t(`form.suggestionKind.${s.kind}`),
  }));

  const typed = location.trim().toLowerCase();
  const specials: ComboboxOption[] = [
    { key: 'special:remote', label: SpecialLocations.remote, hint: t('form.special.remote') },
    ...(currentLocationEnabled
      ? [{ key: 'special:current', label: SpecialLocations.currentLocation, hint: t('form.special.current') }]
      : []),
  ].filter((option) => typed === '' || option.label.startsWith(typed) || specialLocation(location) !== null);
  const locationOptions: ComboboxOption[] = [
    ...(locationTyped || typed === '' ? specials : []),
    ...locationSuggestions.suggestions.map((s) => ({ key: `place:${s.label}`, label: s.label })),
  ];

  return (
    <form className="cw-search-form" role="search" aria-label={t('form.label')} onSubmit={submit}>
      <Combobox
        className="cw-search-form__query"
        label={t('form.query')}
        placeholder={t('form.queryPlaceholder')}
        name="query"
        value={query}
        onChange={setQuery}
        options={queryOptions}
        loadingText={querySuggestions.loading && queryOptions.length === 0 ? t('form.loadingSuggestions') : null}
        onSelect={(option) => {
          setQuery(option.label);
          onSearch({ query: option.label, location: locationToSearch(location.trim()) });
        }}
        onEnter={() => submit()}
      />
      <Combobox
        className="cw-search-form__location"
        label={t('form.location')}
        placeholder={t('form.locationPlaceholder')}
        name="location"
        value={location}
        onChange={(value) => {
          setGeoError(null);
          setLocation(value);
        }}
        options={locationOptions}
        loadingText={locationSuggestions.loading && locationOptions.length === 0 ? t('form.loadingSuggestions') : null}
        onSelect={(option) => {
          if (option.key === 'special:current') {
            locateCandidate();
            return;
          }
          setLocation(option.label);
          onSearch({ query: query.trim(), location: option.label });
        }}
        onEnter={() => submit()}
      />
      <Button type="submit" className="cw-search-form__submit" disabled={locating}>
        {locating ? t('form.locating') : t('form.submit')}
      </Button>
      {geoError ? (
        <ErrorMessage className="cw-search-form__error" role="alert">
          {geoError}
        </ErrorMessage>
      ) : null}
    </form>
  );
}
