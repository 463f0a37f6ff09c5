import { haversineKm, isPoint, parseLocationText, type LatLng } from '@careers/shared';
import type { MapMarker, PositionSummary } from '@careers/shared/contract';

/** The one place a result card names: its name, its coordinates when known, and how far it is from the search. */
export interface ShownPlace {
  name: string;
  point: LatLng | null;
  /** Kilometres from the searched place, for this place; null when the search had no place. */
  distanceKm: number | null;
}

/**
 * The coordinates a location string carries (`{name}:::{lat},{lng}`: the browser's position, a map pin), or null
 * for a place searched by name (the server alone knows where that is).
 */
export function searchedPoint(location: string): LatLng | null {
  return parseLocationText(location).point;
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
    let bestKm = haversineKm(origin, best);
    for (const place of located.slice(1)) {
      const km = haversineKm(origin, place);
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
