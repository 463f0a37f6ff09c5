/**
 * The search's geometry in SQL, on `position_locations l`: the same great-circle distance and boxes as the
 * in-memory engine (shared/src/contract/geometry.ts), so that both find the same positions. Numbers are validated
 * before they get here, and written as literals (never text).
 */
import { sql, type RawBuilder } from 'kysely';
import { boundingBox, cornersBox, EARTH_RADIUS_KM, lngRanges, type BoundingBox, type LatLng } from '../contract';

/** A searched place with coordinates. */
export interface Origin extends LatLng {
  name: string;
}

/** A map area by its corners (`map_bounds`): west > east crosses the antimeridian. */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Great-circle distance in km from a fixed point to `l.lat`/`l.lng` (haversine, as `haversineKm`). */
function haversine(origin: LatLng): RawBuilder<number> {
  const lat = sql.lit(origin.lat);
  const lng = sql.lit(origin.lng);
  return sql<number>`(${sql.lit(2 * EARTH_RADIUS_KM)} * asin(sqrt(power(sin(radians(l.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(l.lat)) * power(sin(radians(l.lng - ${lng}) / 2), 2))))`;
}

/** `l` lies in the box (edges included; a box across the antimeridian is two longitude ranges). */
function inBox(box: BoundingBox): RawBuilder<unknown> {
  const lat = sql`l.lat between ${sql.lit(box.minLat)} and ${sql.lit(box.maxLat)}`;
  if (box.minLng <= -180 && box.maxLng >= 180) return lat;
  const ranges = lngRanges(box).map(([min, max]) => sql`l.lng between ${sql.lit(min)} and ${sql.lit(max)}`);
  return sql`(${lat} and (${sql.join(ranges, sql` or `)}))`;
}

/** The position has a place within `km` of the origin (the box first, for the index on lat/lng). */
export function distanceCondition(origin: LatLng, km: number): RawBuilder<unknown> {
  return sql`exists (select 1 from position_locations l where l.position_id = p.id and ${inBox(boundingBox(origin, km))} and ${haversine(origin)} <= ${sql.lit(km)})`;
}

/** The position has a place in the map area. */
export function boundsCondition(bounds: Bounds): RawBuilder<unknown> {
  return sql`exists (select 1 from position_locations l where l.position_id = p.id and ${inBox(cornersBox(bounds))})`;
}
