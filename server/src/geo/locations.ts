/**
 * Location strings as the search sends them (docs/product/search.md#special-locations): a special location (`remote`,
 * `current location`, `Map Location`, `Map Area`, any case), a place with its coordinates (`name:::lat,long`), or a
 * place name ("Toronto", "Toronto, ON", "Toronto, Ontario, Canada") that the gazetteer turns into coordinates.
 */
import { LOCATION_COORDINATES_SEPARATOR, SpecialLocations, type LatLng, type SpecialLocation } from '../contract';
import { gazetteer, type Place } from './gazetteer';

const SPECIAL_BY_NAME = new Map(
  Object.entries(SpecialLocations).map(([kind, name]) => [name.toLowerCase(), kind as SpecialLocation]),
);

/** The special location a text names (ignoring case, surrounding spaces and repeated inner spaces), or null. */
export function specialLocationOf(location: string): SpecialLocation | null {
  return SPECIAL_BY_NAME.get(location.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}

/** A decimal number as people and maps write it: `43.65`, `-79.4`, `+1`, `.5` (no exponent, no hex, no `Infinity`). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A location string split into its name and, when it has them, its coordinates. */
export type ParsedLocation =
  | { ok: true; name: string; special: SpecialLocation | null; point: LatLng | null }
  | { ok: false; name: string; reason: string };

/**
 * Splits `name:::lat,long` (the last `:::` separates); coordinates must be two decimal numbers, latitude -90 to
 * 90 and longitude -180 to 180, else `ok: false` with the reason (for a 400 naming the field). A text without
 * `:::` is a name alone.
 */
export function parseLocation(location: string): ParsedLocation {
  const at = location.lastIndexOf(LOCATION_COORDINATES_SEPARATOR);
  const name = (at < 0 ? location : location.slice(0, at)).trim();
  const special = specialLocationOf(name);
  if (at < 0) return { ok: true, name, special, point: null };
  const parts = location.slice(at + LOCATION_COORDINATES_SEPARATOR.length).split(',');
  const [latText, lngText] = parts.map((part) => part.trim());
  if (parts.length !== 2 || !latText || !lngText || !DECIMAL.test(latText) || !DECIMAL.test(lngText)) {
    return { ok: false, name, reason: 'coordinates must be "latitude,longitude" in decimal degrees' };
  }
  const lat = Number(latText);
  const lng = Number(lngText);
  if (lat < -90 || lat > 90) return { ok: false, name, reason: 'latitude must be between -90 and 90' };
  if (lng < -180 || lng > 180) return { ok: false, name, reason: 'longitude must be between -180 and 180' };
  return { ok: true, name, special, point: { lat, lng } };
}

/** What a location string stands for. */
export type Geocoded =
  /** A special location: not a place (`point` is the one a `Map Location` was sent with, else null). */
  | { kind: 'special'; special: SpecialLocation; point: LatLng | null }
  /** A place given with its own coordinates (`name:::lat,long`). */
  | { kind: 'coordinates'; name: string; point: LatLng }
  /** A place the gazetteer knows. */
  | { kind: 'place'; name: string; point: LatLng; place: Place }
  /** `name:::lat,long` with coordinates that are not coordinates (a 400 for the caller). */
  | { kind: 'invalid'; name: string; reason: string };

/**
 * Turns a location string into coordinates: a special location is reported as such; `name:::lat,long` gives its
 * own coordinates; a name is looked up in the gazetteer ("City", "City, Region", "City, Country", a suggestion's
 * label). Null for an empty text or a place the gazetteer does not know.
 */
export function geocode(location: string): Geocoded | null {
  const parsed = parseLocation(location);
  if (!parsed.ok) return { kind: 'invalid', name: parsed.name, reason: parsed.reason };
  if (parsed.special) return { kind: 'special', special: parsed.special, point: parsed.point };
  if (parsed.point) return { kind: 'coordinates', name: parsed.name, point: parsed.point };
  const place = parsed.name ? gazetteer().find(parsed.name) : null;
  return place ? { kind: 'place', name: parsed.name, point: { lat: place.lat, lng: place.lng }, place } : null;
}
