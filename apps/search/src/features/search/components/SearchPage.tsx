import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  EMPTY_SEARCH,
  EmptyState,
  ErrorState,
  MEDIA_QUERIES,
  Select,
  notify,
  readSearchAddress,
  searchCall,
  seoTitleFor,
  selectBoot,
  setPageTitle,
  specialLocation,
  locationName,
  useAppDispatch,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useTranslation,
  SpecialLocations,
  formatLocationText,
  parseLocationText,
  type SearchAddress,
} from '@careers/shared';
import type { MapMarker, SortOption } from '@careers/shared/contract';
import { NAMESPACE } from '../namespace';
import { DEFAULT_MIN_SUGGESTION_LENGTH, FAILURE_TOAST_MS, RESULTS_STALE_TIME } from '../constants';
import { staleAfter } from '../staleTime';
import { addressOptions, changeFilters, goToSearch, runSearch, searchHref } from '../address';
import { useSearchPositionsQuery } from '../endpoints';
import { mapToggled, selectMapOpen, selectPendingFilters } from '../slice';
import { shownFilters } from '../filters';
import { markerAt, searchedPoint, shownPlace } from '../shownPlace';
import { useScrollRestore } from '../useScrollRestore';
import { useSettledMediaQuery } from '../useSettledMediaQuery';
import { SearchForm } from './SearchForm';
import { FilterControls } from './FilterControls';
import { Pagination, ResultsList, ResultsSkeleton } from './ResultsList';
import { SaveSearchButton } from '../../saved-searches/components/SaveSearchButton';
import { JobAlertButton } from '../../job-alerts/components/JobAlertButton';
import { PositionDetailsView } from '../../position/PositionDetailsView';

// The map and its libraries load only when the candidate opens it.
const MapPanel = lazy(() => import(/* webpackChunkName: "search-map" */ '../../map/components/MapPanel'));

/**
 * The search page (docs/product/search.md#search-address, docs/product/search.md#results): the address holds the
 * search; the results of each address are cached, so back and forward show them at once. On a desktop the open position
 * shows beside the list (the first result unless the address names one); on a phone a position is its own view.
 */
export function SearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const boot = useAppSelector(selectBoot);
  const domain = useEmployerDomain();
  const page = useLocation();
  const desktop = useSettledMediaQuery(MEDIA_QUERIES.desktop);
  const options = useMemo(() => addressOptions(boot), [boot]);
  const config = boot?.pcsxConfig.searchConfig;
  const pending = useAppSelector(selectPendingFilters);
  // The map shows on first load when the employer says so; once the candidate opens or closes it, their choice holds.
  const mapOpen = useAppSelector(selectMapOpen) ?? config?.mapConfig?.isMapOpenByDefault === true;

  // Booting from an address blanks the map's location names (docs/product/search.md#special-locations); later changes
  // are read as they are.
  const booting = useRef(true);
  const address = useMemo(
    () => readSearchAddress(page.pathname, page.search, options, { boot: booting.current }),
    [page.pathname, page.search, options],
  );
  useEffect(() => {
    if (booting.current) {
      booting.current = false;
      goToSearch(address, boot, { replace: true });
    }
  }, [address, boot]);

  const call = searchCall(address, domain, options);
  const search = useSearchPositionsQuery(call, staleAfter(RESULTS_STALE_TIME));
  const results = search.currentData;
  const loading = pending !== null || (results === undefined && !search.isError);
  // While a new search loads, the previous results stay (dimmed, the list marked busy): replacing them with a short
  // placeholder would collapse the page under the candidate's eyes and scroll. Only the first search has none.
  const shownResults = results ?? (search.isError ? undefined : search.data);
  const stale = loading && shownResults !== undefined;
  // The position the candidate opened from the list: its details take focus once shown.
  const [openedId, setOpenedId] = useState<number | null>(null);

  // "Failed to load positions" (2 s), once per failed request.
  const toasted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (search.isError && search.requestId && toasted.current !== search.requestId) {
      toasted.current = search.requestId;
      notify.error(t('errors.positions'), { autoClose: FAILURE_TOAST_MS });
    }
  }, [search.isError, search.requestId, t]);

  useScrollRestore(results !== undefined);

  const company = boot?.pcsxConfig.branding?.companyName ?? null;
  const shownLocation = specialLocation(address.location) ? '' : locationName(address.location);
  useEffect(() => {
    setPageTitle({
      seoTitle: seoTitleFor(boot?.pcsxConfig, 'jobs'),
      query: address.query,
      location: shownLocation,
      company,
    });
  }, [boot, address.query, shownLocation, company]);

  const selectedId = pending !== null ? null : (address.pid ?? (desktop ? (results?.positions[0]?.id ?? null) : null));
  const filters = pending ?? address.filters;
  // Until the first answer, the controls show from the configuration, so nothing moves when it arrives.
  const all = shownFilters(shownResults?.filterDef.allFilters ?? [], filters, config, shownResults === undefined);
  const sortOptions: SortOption[] = shownResults?.resultsMetaData.sortOptions ?? ['relevance', 'date'];
  const smartNames = config?.smartFilters ?? [];
  const smart = all.filter((filter) => smartNames.includes(filter.name));
  const hasFilters = Object.keys(filters).length > 0;
  const mapKey = config?.mapConfig?.enabled ? config.mapConfig.apiKey : undefined;
  const hrefFor = (next: Partial<SearchAddress>) => searchHref({ ...address, ...next }, boot);

  // The pin of a `Map Location` search is drawn selected.
  const pinned = specialLocation(address.location) === 'mapLocation' ? parseLocationText(address.location).point : null;
  // Otherwise the pin of the open position's place is drawn selected: the same place its card names (the nearest).
  const origin = searchedPoint(address.location);
  const selectedPosition = results?.positions.find((position) => position.id === selectedId) ?? null;
  const selectedMarkerId =
    (pinned && results?.markers.find((m) => m.latlong.lat === pinned.lat && m.latlong.lng === pinned.lng)?.id) ||
    (selectedPosition && markerAt(results?.markers ?? [], shownPlace(selectedPosition, origin).point)?.id) ||
    null;
  const closePosition = () => goToSearch({ ...address, pid: null }, boot, { replace: true });
  const selectMarker = (marker: MapMarker) => {
    const { lat, lng } = marker.latlong;
    dispatch(
      runSearch({
        location: formatLocationText(SpecialLocations.mapLocation, { lat, lng }),
        filters: { ...address.filters, distance: ['0'] },
      }),
    );
  };

  // A phone shows an open position as its own view.
  if (!desktop && address.pid !== null && pending === null) {
    return (
      <div className="cw-search cw-search--position">
        <Suspense fallback={null}>
          <PositionDetailsView
            positionId={address.pid}
            domain={domain}
            layout="page"
            queriedLocation={address.location || undefined}
            onFailed={closePosition}
            onBack={() => goToSearch({ ...address, pid: null }, boot)}
            summary={results?.positions.find((position) => position.id === address.pid) ?? null}
            focusOnShow={openedId === address.pid}
          />
        </Suspense>
      </div>
    );
  }

  const count = results?.count ?? 0;
  const first = address.start + 1;
  const last = Math.min(address.start + (results?.positions.length ?? 0), count);
  // An empty answer's ways out: drop the filters, the place (and the distance, meaningless without a place), or
  // the whole search.
  const { distance: _distance, ...withoutDistance } = address.filters;
  const broaden = {
    filters: hasFilters,
    location: address.location.trim() !== '',
    all: address.query.trim() !== '' || address.location.trim() !== '' || hasFilters,
  };

  return (
    <section className="cw-search" aria-labelledby="cw-search-title">
      {/* The page's one h1, for screen readers only (docs/product/search.md#page-heading): "Job search", or "Job
          search with maps" when the map is offered. The search form under it needs no visible title; a visible one
          beside the hidden heading would be read twice. */}
      <h1 id="cw-search-title" className="cw-visually-hidden">
        {mapKey ? t('page.headingWithMap') : t('page.heading')}
      </h1>
      <SearchForm
        domain={domain}
        address={address}
        minSuggestionLength={config?.minSuggestionLength ?? DEFAULT_MIN_SUGGESTION_LENGTH}
        currentLocationEnabled={config?.currentLocation?.enabled === true}
        onSearch={(next) => dispatch(runSearch(next))}
      />
      <div className="cw-search__toolbar">
        <FilterControls
          smart={smart}
          all={all}
          selected={filters}
          onChange={(next) => dispatch(changeFilters(next))}
          onClear={() => dispatch(runSearch({ filters: {} }))}
        />
        <div className="cw-search__tools">
          {sortOptions.length > 1 ? (
            <label className="cw-search__sort">
              <span>{t('sort.label')}</span>
              <Select
                value={address.sortBy ?? results?.sortBy ?? 'relevance'}
                onChange={(event) => dispatch(runSearch({ sortBy: event.target.value as SortOption }))}
              >
                {sortOptions.map((option) => (
                  <option key={option} value={option}>
                    {t(`sort.${option}`)}
                  </option>
                ))}
              </Select>
            </label>
          ) : null}
          {mapKey ? (
            <Button variant="secondary" aria-pressed={mapOpen} onClick={() => dispatch(mapToggled(!mapOpen))}>
              {t('toolbar.map')}
            </Button>
          ) : null}
        </div>
      </div>
      {mapKey && mapOpen ? (
        <Suspense fallback={<div className="cw-search__map-placeholder" />}>
          <MapPanel
            apiKey={mapKey}
            mapId={config?.mapConfig?.mapId}
            markers={shownResults?.markers ?? []}
            selectedMarkerId={selectedMarkerId}
            onSelectMarker={selectMarker}
            onSearchArea={(bounds) =>
              dispatch(
                runSearch({
                  location: SpecialLocations.mapArea,
                  mapBounds: [bounds.south, bounds.west, bounds.north, bounds.east].map((n) => n.toFixed(5)).join(','),
                }),
              )
            }
          />
        </Suspense>
      ) : null}
      <div className="cw-search__body">
        <div className={`cw-search__results${stale ? ' cw-search__results--stale' : ''}`} aria-busy={loading}>
          <div className="cw-search__summary">
            <p className="cw-search__count" role="status">
              {loading ? t('results.loading') : results && count > 0 ? t('results.range', { first, last, count }) : ''}
            </p>
            <SaveSearchButton metadata={results?.savedSearchMetadata ?? null} />
            <JobAlertButton address={address} />
          </div>
          {search.isError && !loading ? (
            <ErrorState
              message={t('errors.positions')}
              onRetry={() => void search.refetch()}
              retryLabel={t('errors.retry')}
            />
          ) : shownResults === undefined ? (
            <ResultsSkeleton />
          ) : shownResults.positions.length > 0 ? (
            <>
              <ResultsList
                positions={shownResults.positions}
                selectedId={selectedId}
                hrefFor={(id) => hrefFor({ pid: id })}
                origin={origin}
                onOpen={setOpenedId}
              />
              <Pagination
                address={address}
                count={shownResults.count}
                hrefFor={(start) => hrefFor({ start, pid: null })}
              />
            </>
          ) : loading ? (
            <ResultsSkeleton />
          ) : (
            <div className="cw-search__empty">
              <EmptyState title={t('results.empty')}>
                {hasFilters ? t('results.emptyWithFilters') : t('results.emptyHint')}
              </EmptyState>
              {broaden.all ? (
                <div className="cw-search__broaden">
                  {broaden.filters ? (
                    <Button variant="secondary" onClick={() => dispatch(runSearch({ filters: {} }))}>
                      {t('filters.clear')}
                    </Button>
                  ) : null}
                  {broaden.location ? (
                    <Button
                      variant="secondary"
                      href={hrefFor({ location: '', mapBounds: null, start: 0, pid: null, filters: withoutDistance })}
                    >
                      {t('results.broaden.anyLocation')}
                    </Button>
                  ) : null}
                  <Button variant="secondary" href={searchHref(EMPTY_SEARCH, boot)}>
                    {t('results.broaden.all')}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
        {desktop && selectedId !== null ? (
          <div className="cw-search__details">
            <Suspense fallback={null}>
              <PositionDetailsView
                key={selectedId}
                positionId={selectedId}
                domain={domain}
                layout="side"
                queriedLocation={address.location || undefined}
                onFailed={closePosition}
                summary={selectedPosition}
                focusOnShow={openedId === selectedId}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
    </section>
  );
}
