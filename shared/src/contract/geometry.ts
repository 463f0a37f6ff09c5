/**
 * Distances on the Earth, for the server and the widgets alike: one radius and one formula, so that the distance
 * a result card shows, the one the search filters and sorts by (in memory and in SQL) and the one the location
 * suggestions compare are the same number (decision 026). Plain code, no schema: the browser bundles import it.
 *
 * The Earth is a sphere of the mean radius; the spherical model is within 0.5 % of the ellipsoid everywhere.
 */

/** A point in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Mean Earth radius, in km: 6371, the figure the search has always measured with (IUGG's 6371.0088 would move a
 * 6,000 km distance by 8 m, enough to change a rounded `distance_km`).
 */
export const EARTH_RADIUS_KM = 6371;
/** Half the circumference: no two points are farther apart. */
const HALF_CIRCUMFERENCE_KM = Math.PI * EARTH_RADIUS_KM;
/** Added on every side of a box (about 0.1 mm), so floating-point rounding never leaves out a point on the circle. */
const ROUNDING_MARGIN = 1e-9;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI;

/** Whether two numbers are a point: finite, latitude within ±90, longitude within ±180. */
export const isPoint = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

function assertPoint(point: LatLng, what: string): void {
  if (!(Math.abs(point.lat) <= 90) || !(Math.abs(point.lng) <= 180)) {
    throw new RangeError(`${what} must have a latitude in [-90, 90] and a longitude in [-180, 180].`);
  }
}

/**
 * Great-circle distance in km between points already known to be valid (haversine: exact on the sphere and well
 * conditioned for short distances; the `min(1, …)` guards rounding for antipodal points). Longitudes wrap: 179.9
 * and -179.9 are 22 km apart at the equator, not 40,000. The loops that measure every place of an employer call
 * this one; `distanceKm` checks its input first.
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in km (`haversineKm`); a point out of range throws a RangeError. */
export function distanceKm(a: LatLng, b: LatLng): number {
  assertPoint(a, 'the first point');
  assertPoint(b, 'the second point');
  return haversineKm(a, b);
}

/**
 * A latitude/longitude box. When it crosses the antimeridian (180°), `minLng` is greater than `maxLng` (the
 * GeoJSON convention): the box is `lng >= minLng OR lng <= maxLng`; `lngRanges` gives both parts.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * The smallest latitude/longitude box around the circle of `radiusKm` around `center` (J. P. Matuschek's method:
 * the longitude half-width is asin(sin(r) / cos(lat)), wider than r / cos(lat) near the poles, as it must be).
 * A pre-filter only: points in the corners are farther than the radius, so filter exactly with `distanceKm` after.
 *
 * Edge cases:
 * - a circle that reaches a pole (centre latitude ± radius past ±90°) spans every longitude: the box is the
 *   latitude band from the other side to the pole, longitudes -180 to 180;
 * - a circle that crosses the antimeridian gives `minLng > maxLng` (see `BoundingBox`, `lngRanges`);
 * - a radius of half the Earth's circumference (about 20,015 km) or more is the whole world; radius 0 is the point
 *   (every side is pushed out by 1e-9 degrees, about 0.1 mm, against rounding);
 * - a radius that is negative or not finite, or a centre out of range, throws a RangeError (validate input first).
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  assertPoint(center, 'the centre');
  if (!Number.isFinite(radiusKm) || radiusKm < 0) throw new RangeError('The radius must be a finite number >= 0.');
  if (radiusKm >= HALF_CIRCUMFERENCE_KM) return { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 };
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.lat - degrees(angular) - ROUNDING_MARGIN;
  const maxLat = center.lat + degrees(angular) + ROUNDING_MARGIN;
  if (maxLat >= 90 || minLat <= -90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 };
  }
  // Without a pole inside, angular < 90° - |lat|, so the ratio is below 1 and the half-width below 90°.
  const halfWidth = degrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(radians(center.lat)))));
  let minLng = center.lng - halfWidth - ROUNDING_MARGIN;
  let maxLng = center.lng + halfWidth + ROUNDING_MARGIN;
  if (minLng < -180) minLng += 360;
  if (maxLng > 180) maxLng -= 360;
  return { minLat, maxLat, minLng, maxLng };
}

/** A longitude brought into [-180, 180) (181 is -179). */
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The box of a map area given by its corners (`south,west,north,east`, as `map_bounds` sends them): west > east
 * crosses the antimeridian, and a span of 360° or more is every longitude.
 */
export function cornersBox(corners: { south: number; west: number; north: number; east: number }): BoundingBox {
  if (corners.east - corners.west >= 360) {
    return { minLat: corners.south, maxLat: corners.north, minLng: -180, maxLng: 180 };
  }
  return { minLat: corners.south, maxLat: corners.north, minLng: wrapLng(corners.west), maxLng: wrapLng(corners.east) };
}

/** The longitude ranges of a box, for SQL: one `[min, max]`, or two when it crosses the antimeridian. */
export function lngRanges(box: BoundingBox): Array<[number, number]> {
  return box.minLng <= box.maxLng
    ? [[box.minLng, box.maxLng]]
    : [
        [box.minLng, 180],
        [-180, box.maxLng],
      ];
}

/** True when the point is inside the box (edges included). */
export function boxContains(box: BoundingBox, point: LatLng): boolean {
  if (point.lat < box.minLat || point.lat > box.maxLat) return false;
  return box.minLng <= box.maxLng
    ? point.lng >= box.minLng && point.lng <= box.maxLng
    : point.lng >= box.minLng || point.lng <= box.maxLng;
}
