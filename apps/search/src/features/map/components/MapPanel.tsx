import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  APILoadingStatus,
  APIProvider,
  Map,
  useApiLoadingStatus,
  useMap,
  useMapsLibrary,
  type MapCameraChangedEvent,
} from '@vis.gl/react-google-maps';
import { Button, ErrorState, LoadingState, useTranslation } from '@careers/shared';
import type { MapMarker } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';
import mapCss from '../map.css';
import {
  CLUSTER_EXPAND_PADDING,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  FALLBACK_MAP_ID,
  MAP_MIN_HEIGHT,
  MAX_ZOOM,
  MIN_ZOOM,
  RESULTS_FIT_PADDING,
} from '../constants';
import { placesKey, splitMarkers, toMapBounds } from '../places';
import { formatCoordinate } from '../styles';
import { shortNumber } from '../../search/numbers';
import { ClusteredPlaces } from './ClusteredPlaces';

/** The visible area of the map in decimal degrees (west > east when it crosses the antimeridian). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapPanelProps {
  /** Google Maps JavaScript API key (pcsxConfig.searchConfig.mapConfig). */
  apiKey: string;
  /** Map id (needed by advanced markers); Google's demonstration id when absent. */
  mapId?: string;
  markers: MapMarker[];
  /** The place drawn selected (44x53, opacity 1). */
  selectedMarkerId?: string | null;
  /** A place was chosen: the caller runs the `Map Location` search. */
  onSelectMarker: (marker: MapMarker) => void;
  /** "Search this area" was pressed: the caller runs the `Map Area` search. */
  onSearchArea: (bounds: MapBounds) => void;
}

/**
 * The search map (docs/product/positions-and-map.md#map-view): places of the results as pins and clusters, "Search this
 * area" once the candidate moves the map, remote jobs counted under it. Loaded in its own chunk, only when the map is
 * opened.
 */
export default function MapPanel({
  apiKey,
  mapId,
  markers,
  selectedMarkerId = null,
  onSelectMarker,
  onSearchArea,
}: MapPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [loadFailed, setLoadFailed] = useState(false);
  const { places, remoteJobs } = useMemo(() => splitMarkers(markers), [markers]);
  // Stable: APIProvider reloads when its callbacks change.
  const onLoadError = useCallback(() => setLoadFailed(true), []);

  return (
    <section className="cw-map" aria-label={t('map.regionLabel')}>
      {/* The widget lives in a shadow root: the feature's sheet comes with the lazy chunk, not the first load. */}
      <style>{mapCss}</style>
      {loadFailed || !apiKey.trim() ? (
        <ErrorState className="cw-map__error" message={t('map.loadError')} />
      ) : (
        <APIProvider apiKey={apiKey} language={i18n.language} onError={onLoadError}>
          <JobsMap
            mapId={mapId || FALLBACK_MAP_ID}
            places={places}
            selectedMarkerId={selectedMarkerId}
            onSelectMarker={onSelectMarker}
            onSearchArea={onSearchArea}
          />
        </APIProvider>
      )}
      {remoteJobs > 0 && <p className="cw-map__remote">{t('map.remoteJobs', { count: remoteJobs })}</p>}
    </section>
  );
}

interface JobsMapProps {
  mapId: string;
  places: MapMarker[];
  selectedMarkerId: string | null;
  onSelectMarker: (marker: MapMarker) => void;
  onSearchArea: (bounds: MapBounds) => void;
}

function JobsMap({ mapId, places, selectedMarkerId, onSelectMarker, onSearchArea }: JobsMapProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const status = useApiLoadingStatus();
  const map = useMap();
  const [moved, setMoved] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  // Camera changes the panel makes itself (first framing, framing new results) are not the candidate's moves:
  // true until the map is idle again. The map's own first layout counts as one.
  const programmatic = useRef(true);
  const lastBounds = useRef<google.maps.LatLngBoundsLiteral | null>(null);
  // Results that follow a search the map started (this area, a place) keep the camera where the candidate put it.
  const keepCamera = useRef(false);

  const onCameraChanged = useCallback((event: MapCameraChangedEvent) => {
    lastBounds.current = event.detail.bounds;
    if (!programmatic.current) setMoved(true);
  }, []);
  const onIdle = useCallback(() => {
    programmatic.current = false;
  }, []);
  const onDragstart = useCallback(() => {
    programmatic.current = false;
    setMoved(true);
  }, []);

  const frame = useCallback((fit: () => void) => {
    programmatic.current = true;
    fit();
  }, []);

  const searchArea = () => {
    const bounds = map?.getBounds()?.toJSON() ?? lastBounds.current;
    if (!bounds) return;
    keepCamera.current = true;
    setMoved(false);
    // The button goes away: keep keyboard focus in the map.
    canvasRef.current?.focus();
    onSearchArea(toMapBounds(bounds));
  };

  const selectPlace = useCallback(
    (place: MapMarker) => {
      keepCamera.current = true;
      onSelectMarker(place);
    },
    [onSelectMarker],
  );

  const expand = useCallback(
    (bounds: google.maps.LatLngBounds) => {
      if (!map) return;
      // The candidate asked for this move: it counts as moving the map.
      map.fitBounds(bounds, CLUSTER_EXPAND_PADDING);
      setMoved(true);
      // The cluster's button is gone: keep keyboard focus in the map.
      canvasRef.current?.focus();
    },
    [map],
  );

  const language = i18n.language;
  const clusterCount = useCallback((total: number) => shortNumber(total, language), [language]);
  // The name starts with the count as the button shows it ("1.7K", "١٤٩"), so what a voice user says matches.
  const clusterTitle = useCallback(
    (total: number, position: google.maps.LatLngLiteral) =>
      t('map.clusterTitle', {
        count: clusterCount(total),
        lat: formatCoordinate(position.lat),
        long: formatCoordinate(position.lng),
      }),
    [t, clusterCount],
  );

  if (status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE) {
    return <ErrorState className="cw-map__error" message={t('map.loadError')} />;
  }

  return (
    <div className="cw-map__canvas" ref={canvasRef} tabIndex={-1} style={{ minHeight: MAP_MIN_HEIGHT }}>
      {status !== APILoadingStatus.LOADED && <LoadingState className="cw-map__loading" label={t('map.loading')} />}
      <Map
        className="cw-map__map"
        mapId={mapId}
        defaultCenter={DEFAULT_CENTER}
        defaultZoom={DEFAULT_ZOOM}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        gestureHandling="cooperative"
        clickableIcons={false}
        streetViewControl={false}
        mapTypeControl={false}
        fullscreenControl={false}
        onCameraChanged={onCameraChanged}
        onIdle={onIdle}
        onDragstart={onDragstart}
      >
        <FitToPlaces places={places} keepCamera={keepCamera} frame={frame} onFramed={() => setMoved(false)} />
        <ClusteredPlaces
          places={places}
          selectedMarkerId={selectedMarkerId}
          onSelect={selectPlace}
          onExpand={expand}
          clusterTitle={clusterTitle}
          clusterCount={clusterCount}
        />
      </Map>
      {moved && (
        <div className="cw-map__search-area">
          <Button variant="primary" size="small" onClick={searchArea}>
            {t('map.searchArea')}
          </Button>
        </div>
      )}
    </div>
  );
}

interface FitToPlacesProps {
  places: MapMarker[];
  keepCamera: { current: boolean };
  frame: (fit: () => void) => void;
  onFramed: () => void;
}

/** Frames the places of new results, unless the results come from a search the map itself started. */
function FitToPlaces({ places, keepCamera, frame, onFramed }: FitToPlacesProps) {
  const map = useMap();
  const core = useMapsLibrary('core');
  const key = placesKey(places);
  const latest = useRef({ places, onFramed });
  useEffect(() => {
    latest.current = { places, onFramed };
  });

  useEffect(() => {
    if (!map || !core) return;
    if (keepCamera.current) {
      keepCamera.current = false;
      return;
    }
    const current = latest.current.places;
    if (current.length === 0) return;
    const bounds = new core.LatLngBounds();
    for (const place of current) bounds.extend(place.latlong);
    frame(() => map.fitBounds(bounds, RESULTS_FIT_PADDING));
    latest.current.onFramed();
  }, [map, core, key, keepCamera, frame]);

  return null;
}
