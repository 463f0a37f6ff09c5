import type { MapMarker } from '@careers/shared/contract';
import type { MapBounds } from './components/MapPanel';

/** A marker the map can draw: a place with real coordinates. */
function isDrawable(marker: MapMarker): boolean {
  const { lat, lng } = marker.latlong;
  return (
    !marker.is_remote && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
  );
}

export interface SplitMarkers {
  /** Places drawn as pins and clusters. */
  places: MapMarker[];
  /** Jobs of remote markers: not drawn (a remote job is not done at a point), only counted under the map. */
  remoteJobs: number;
}

/**
 * Remote markers (`is_remote`) carry the coordinates of a hiring location, not of where the work is done; drawing
 * them would place remote jobs on the map as if they were on site, so they are counted in a note instead. Markers
 * without usable coordinates are left out.
 */
export function splitMarkers(markers: readonly MapMarker[]): SplitMarkers {
  const places: MapMarker[] = [];
  let remoteJobs = 0;
  for (const marker of markers) {
    if (marker.is_remote) remoteJobs += marker.count;
    else if (isDrawable(marker)) places.push(marker);
  }
  return { places, remoteJobs };
}

/** 6 decimals (about 10 cm), so a bound never prints in exponent form (the API's `map_bounds` pattern). */
const round6 = (value: number): number => Math.round(value * 1e6) / 1e6 || 0;
const clamp = (value: number, limit: number): number => Math.min(limit, Math.max(-limit, value));

/** The visible area as the search sends it: south <= north within ±90, longitudes within ±180 (west > east crosses the antimeridian). */
export function toMapBounds(bounds: google.maps.LatLngBoundsLiteral): MapBounds {
  const south = round6(clamp(Math.min(bounds.south, bounds.north), 90));
  const north = round6(clamp(Math.max(bounds.south, bounds.north), 90));
  const west = round6(clamp(bounds.west, 180));
  const east = round6(clamp(bounds.east, 180));
  return { south, west, north, east };
}

/** A stable key of a set of places: new results with the same places do not move the camera. */
export function placesKey(places: readonly MapMarker[]): string {
  return places
    .map((place) => place.id)
    .sort()
    .join('|');
}
