import { LOCATION_COORDINATES_SEPARATOR } from '@careers/shared';
import type { MapMarker, PositionSummary } from '@careers/shared/contract';

/** A point in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The one place a result card names: its name, its coordinates when known, and how far it is from the search. */
export interface ShownPlace {
  name: string;
  point: LatLng | null;
  /** Kilometres from the searched place, for this place; null when the search had no place. */
  distanceKm: number | null;
}

const EARTH_RADIUS_KM = 6371;

const isPoint = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** Great-circle distance in kilometres (haversine). */
function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The coordinates a location string carries (`{name}:::{lat},{lng}`: the browser's position, a map pin), or null
 * for a place searched by name (the server alone knows where that is).
 */
export function searchedPoint(location: string): LatLng | null {
  const at = location.indexOf(LOCATION_COORDINATES_SEPARATOR);
  if (at < 0) return null;
  const [lat, lng] = location
    .slice(at + LOCATION_COORDINATES_SEPARATOR.length)
    .split(',')
    .map((part) => Number(part.trim()));
  return lat !== undefined && lng !== undefined && isPoint(lat, lng) ? { lat, lng } : null;
}

/**
 * The place a result names, so that its card, its distance and its pin on the map all speak of the same one:
 * the position's place nearest the searched place. When the search carries coordinates, the nearest is measured
 * here; otherwise the server's order stands (a search by place name answers each position's places nearest first,
 * with `distance_km` belonging to the first). A position without places shows its `location` text (for example
 * "Remote") with no distance.
 */
export function shownPlace(position: PositionSummary, origin: LatLng | null): ShownPlace {
  const located = position.locations.filter((place) => place.name.trim() && isPoint(place.lat, place.lng));
  if (origin && located.length > 0) {
    let best = located[0]!;
    let bestKm = distanceKm(origin, best);
    for (const place of located.slice(1)) {
      const km = distanceKm(origin, place);
      if (km < bestKm) {
        best = place;
        bestKm = km;
      }
    }
    return { name: best.name, point: { lat: best.lat, lng: best.lng }, distanceKm: bestKm };
  }
  const first = position.locations[0];
  if (first && first.name.trim()) {
    return {
      name: first.name,
      point: isPoint(first.lat, first.lng) ? { lat: first.lat, lng: first.lng } : null,
      distanceKm: position.distance_km,
    };
  }
  return { name: position.location, point: null, distanceKm: null };
}

/** The marker drawn at a point (the server keys markers by coordinates to 5 decimals), or null. */
export function markerAt(markers: readonly MapMarker[], point: LatLng | null): MapMarker | null {
  if (!point) return null;
  const near = (a: number, b: number) => Math.abs(a - b) < 5e-6;
  return (
    markers.find(
      (marker) => !marker.is_remote && near(marker.latlong.lat, point.lat) && near(marker.latlong.lng, point.lng),
    ) ?? null
  );
}
