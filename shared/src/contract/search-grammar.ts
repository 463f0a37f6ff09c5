/**
 * The grammar of the search's `location` and `filter_{name}` parameters (docs/product/search.md#filters and
 * #special-locations), written once for the server, which reads them, and the search widget, which writes and
 * re-reads them (decision 026). Plain code, no schema: the browser bundles import it.
 *
 * - `location`: a place name, a special location (`remote`, `current location`, `Map Location`, `Map Area`, any
 *   case), or `name:::lat,long` (a place with coordinates; the first `:::` separates). Coordinates are two
 *   decimal numbers (`-79.3832`: up to three integer digits, no sign but `-`, no exponent), latitude within ±90
 *   and longitude within ±180.
 * - `filter_{name}`: the parameter may repeat, and each value is a comma-joined list. A value holding a comma is
 *   sent percent-encoded (`encodeFilterValue`), so it arrives as one value.
 */
import type { LatLng } from './geometry';
import { LOCATION_COORDINATES_SEPARATOR, SpecialLocations, type SpecialLocation } from './search-constants';

/** The query parameter of a filter: `filter_{name}`. */
export const FILTER_PARAMETER_PREFIX = 'filter_';

/** A location string's parts: its name, and its coordinates when it carries valid ones. */
export interface LocationParts {
  /** The name, trimmed (without `:::lat,long`). */
  name: string;
  /** The coordinates after `:::`; null without `:::`, or when they are not valid (then `invalid` is true). */
  point: LatLng | null;
  /** The text has `:::` but what follows is not `latitude,longitude` within range. */
  invalid: boolean;
}

/** One coordinate as a location string writes it. */
const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** Splits a location string into its name and coordinates (`name:::lat,long`; see the module's grammar). */
export function parseLocationText(location: string): LocationParts {
  const at = location.indexOf(LOCATION_COORDINATES_SEPARATOR);
  if (at < 0) return { name: location.trim(), point: null, invalid: false };
  const name = location.slice(0, at).trim();
  const match = COORDINATES.exec(location.slice(at + LOCATION_COORDINATES_SEPARATOR.length));
  const lat = Number(match?.[1]);
  const lng = Number(match?.[2]);
  if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) return { name, point: null, invalid: true };
  return { name, point: { lat, lng }, invalid: false };
}

/** The location string of a named point: `name:::lat,long` (coordinates as numbers, or as text already rounded). */
export function formatLocationText(name: string, point: { lat: number | string; lng: number | string }): string {
  return `${name}${LOCATION_COORDINATES_SEPARATOR}${point.lat},${point.lng}`;
}

/** A location string's name, without `:::lat,long`. */
export function locationName(location: string): string {
  const at = location.indexOf(LOCATION_COORDINATES_SEPARATOR);
  return (at < 0 ? location : location.slice(0, at)).trim();
}

/** The special location a location string names (ignoring case, surrounding spaces and coordinates), or null. */
export function specialLocation(location: string): SpecialLocation | null {
  const name = locationName(location).toLowerCase();
  for (const [key, special] of Object.entries(SpecialLocations)) {
    if (name === special.toLowerCase()) return key as SpecialLocation;
  }
  return null;
}

/** The values of a filter parameter as sent, before decoding: every repetition split at its commas. */
export function filterValueParts(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  return (typeof raw === 'string' ? [raw] : raw).flatMap((value) => value.split(','));
}

/** One sent filter value, percent-decoded when it holds an escape (`%2C`); null when an escape is malformed. */
export function decodeFilterValue(part: string): string | null {
  if (!/%[0-9A-Fa-f]{2}/.test(part)) return part;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** A filter value as sent, so that a comma or `%` in it is read as part of the value. */
export const encodeFilterValue = (value: string): string => encodeURIComponent(value);

/** Joins a filter's values for an address or a call (values holding a comma percent-encoded with the flag). */
export function joinFilterValues(values: readonly string[], commaInFilterValues: boolean): string {
  return values
    .map((value) => (commaInFilterValues && value.includes(',') ? encodeFilterValue(value) : value))
    .join(',');
}

/** Whether a text holds a control character (U+0000 to U+001F): never part of a location or a filter value. */
// eslint-disable-next-line no-control-regex
export const hasControlCharacters = (text: string): boolean => /[\u0000-\u001f]/.test(text);
