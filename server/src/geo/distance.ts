/** Distances on the Earth (a sphere of the mean radius) and the box around a circle, for a fast SQL pre-filter. */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG), in km. The spherical model is within 0.5 % of the ellipsoid everywhere. */
const EARTH_RADIUS_KM = 6371.0088;
/** Half the circumference: no two points are farther apart. */
const HALF_CIRCUMFERENCE_KM = Math.PI * EARTH_RADIUS_KM;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI;

function assertPoint(point: LatLng, what: string): void {
  if (!(Math.abs(point.lat) <= 90) || !(Math.abs(point.lng) <= 180)) {
    throw new RangeError(`${what} must have a latitude in [-90, 90] and a longitude in [-180, 180].`);
  }
}

/**
 * Great-circle distance in km (haversine: exact on the sphere and well conditioned for short distances; the
 * `min(1, …)` guards rounding for antipodal points). Longitudes wrap: 179.9 and -179.9 are 22 km apart at the
 * equator, not 40,000.
 */
export function distanceKm(a: LatLng, b: LatLng): number {
  assertPoint(a, 'the first point');
  assertPoint(b, 'the second point');
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that holds every point within a radius of a centre. When the box crosses the
 * antimeridian (180°), `minLng` is greater than `maxLng` (the GeoJSON convention): the box is `lng >= minLng OR
 * lng <= maxLng`; `lngRanges` gives both parts.
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

/** Added on every side of a box (about 0.1 mm), so floating-point rounding never leaves out a point on the circle. */
const ROUNDING_MARGIN = 1e-9;

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
  return lngRanges(box).some(([min, max]) => point.lng >= min && point.lng <= max);
}
