/**
 * The in-memory engine: one pass of an employer's facet index (facet-index.ts) over the candidates gives the
 * matches, every filter's option counts (each over the positions that pass every other filter), the distance
 * counts and the map markers. It finds what the SQL conditions (conditions.ts) find: the oracle test holds them to
 * the same counts for every filter of filters.ts.
 */
import { boxContains, cornersBox, haversineKm, type FilterDefinition, type MapMarker } from '../contract';
import { isOpenInIndex, type EmployerIndex } from './facet-index';
import { DISTANCE_OPTIONS, FILTERS, SAME_PLACE_KM, type FilterIndex } from './filters';
import type { SearchInput } from './search-input';
import { textKey } from './text';

/** Options listed per filter (the most frequent first). */
const MAX_OPTIONS = 50;
/** Markers in one answer (the places with the most positions first). */
const MAX_MARKERS = 1000;

export interface Evaluated {
  /** Indexes of the matching positions. */
  matched: Int32Array;
  /** 1 at the index of each matching position. */
  isMatch: Uint8Array;
  /** Distance (km) from the origin to each position's nearest place (Infinity without places); null without origin. */
  distance: Float64Array | null;
  facets: FilterDefinition[];
  markers: MapMarker[];
}

/**
 * A filter over this index, for the pass: each position's values (`ids[start[i] .. start[i + 1])`; a `one` filter
 * has `start` null and its value is `ids[i]`), the wanted codes (null: not applied) and the option counts. One
 * shape for every filter, and every array an Int32Array, so that the pass's loops stay monomorphic.
 */
interface Counted {
  name: string;
  bit: number;
  spec: FilterIndex;
  names: readonly string[];
  start: Int32Array | null;
  ids: Int32Array;
  wanted: Uint8Array | null;
  counts: Int32Array;
}

/** Codes of `names` that are among `wanted` (1), or null when the filter is not applied. */
function wantedCodes(names: readonly string[], wanted: readonly string[] | null): Uint8Array | null {
  if (wanted === null) return null;
  const set = new Set(wanted);
  return Uint8Array.from(names, (name) => (set.has(name) ? 1 : 0));
}

/** Options of a filter from its counts: the most frequent first (then by value), at most MAX_OPTIONS. */
function options(names: readonly string[], counts: Int32Array, spec: FilterIndex): FilterDefinition['options'] {
  const labels = spec.kind === 'one' ? spec.labels : undefined;
  const option = (code: number) => ({
    label: labels?.[code] ?? names[code]!,
    value: names[code]!,
    count: counts[code]!,
  });
  if (spec.kind === 'one' && spec.order) return spec.order.map(option).filter((entry) => entry.count > 0);
  const list: FilterDefinition['options'] = [];
  names.forEach((_name, code) => {
    if (counts[code]! > 0) list.push(option(code));
  });
  return list
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, MAX_OPTIONS);
}

/** Counts position i's values in the filter's options. */
function count(filter: Counted, i: number): void {
  const { start, ids, counts } = filter;
  if (start === null) counts[ids[i]!]! += 1;
  else for (let s = start[i]!; s < start[i + 1]!; s += 1) counts[ids[s]!]! += 1;
}

/**
 * One pass over the candidates (the text matches, or every position): which are open and match, the option counts
 * of every filter (each over the positions that pass every other filter), the distance counts and the markers.
 */
export function evaluate(index: EmployerIndex, input: SearchInput, candidates: Int32Array | null): Evaluated {
  const { places } = index;
  const nowMs = Date.parse(input.now);
  const counted: Counted[] = [];
  let distanceBit = 0;
  for (const { name, bit, descriptor } of FILTERS) {
    const value = input.filters[name];
    const spec = descriptor.index;
    if (spec.kind === 'radius') {
      distanceBit = bit;
      continue;
    }
    const { start, ids, names } =
      spec.kind === 'many' ? spec.lists(index) : { start: null, ids: spec.codes(index), names: spec.names(index) };
    counted.push({
      name,
      bit,
      spec,
      names,
      start,
      ids,
      wanted: wantedCodes(names, value === undefined ? null : descriptor.wanted(value)),
      counts: new Int32Array(names.length),
    });
  }
  /** Each applied `one` filter's bit by code: 0 for a wanted value, else the bit (no branch in the pass). */
  const appliedOne = counted
    .filter((filter) => filter.wanted !== null && filter.start === null)
    .map((filter) => ({
      codes: filter.ids,
      failBits: Int32Array.from(filter.wanted!, (wanted) => (wanted === 1 ? 0 : filter.bit)),
    }));
  const appliedMany = counted.filter((filter) => filter.wanted !== null && filter.start !== null);
  /** The filter of each bit (bit k is `1 << k`): a position failing one filter is counted in that one's options. */
  const byBit: Counted[] = [];
  for (const filter of counted) byBit[31 - Math.clz32(filter.bit)] = filter;

  const nameKey = input.placeName === null ? null : textKey(input.placeName);
  const placeNamed =
    nameKey === null ? null : Uint8Array.from(places, (place) => (place.nameKey.includes(nameKey) ? 1 : 0));
  const area = input.bounds ? cornersBox(input.bounds) : null;
  const placeInBounds = area ? Uint8Array.from(places, (place) => (boxContains(area, place) ? 1 : 0)) : null;
  const origin = input.origin;
  const placeKm = origin ? Float64Array.from(places, (place) => haversineKm(origin, place)) : null;
  const radius =
    origin && input.filters.distance !== undefined ? Math.max(input.filters.distance, SAME_PLACE_KM) : null;
  const radii = DISTANCE_OPTIONS.map((km) => Math.max(km, SAME_PLACE_KM));

  const distanceCounts = new Array<number>(DISTANCE_OPTIONS.length).fill(0);
  const markerCounts = new Int32Array(places.length * 2);
  const distance = placeKm ? new Float64Array(index.size).fill(Infinity) : null;
  const isMatch = new Uint8Array(index.size);
  const matched = new Int32Array(candidates ? candidates.length : index.size);
  let matches = 0;
  const total = candidates ? candidates.length : index.size;

  for (let k = 0; k < total; k += 1) {
    const i = candidates ? candidates[k]! : k;
    if (!isOpenInIndex(index, i, nowMs)) continue;
    const placeFrom = index.placeStart[i]!;
    const placeTo = index.placeStart[i + 1]!;
    let named = placeNamed === null;
    let bounded = placeInBounds === null;
    let nearest = Infinity;
    let nearestPlace = -1;
    for (let p = placeFrom; p < placeTo; p += 1) {
      const place = index.placeIds[p]!;
      if (placeNamed?.[place] === 1) named = true;
      if (placeInBounds?.[place] === 1) bounded = true;
      if (placeKm && placeKm[place]! < nearest) {
        nearest = placeKm[place]!;
        nearestPlace = place;
      }
    }
    if (!named || !bounded) continue;
    if (distance) distance[i] = nearest;
    let fails = 0;
    for (let f = 0; f < appliedOne.length; f += 1) {
      const filter = appliedOne[f]!;
      fails |= filter.failBits[filter.codes[i]!]!;
    }
    for (let f = 0; f < appliedMany.length; f += 1) {
      const filter = appliedMany[f]!;
      const { start, ids, wanted } = filter;
      let has = false;
      for (let s = start![i]!; s < start![i + 1]! && !has; s += 1) has = wanted![ids[s]!] === 1;
      if (!has) fails |= filter.bit;
    }
    if (radius !== null && !(nearest <= radius)) fails |= distanceBit;
    if (fails !== 0 && (fails & (fails - 1)) !== 0) continue; // fails two filters: counted nowhere
    if (fails === 0) {
      isMatch[i] = 1;
      matched[matches++] = i;
      if (nearestPlace >= 0) {
        // A search from a place: the position's pin is its nearest place, the one its card names with its distance
        // (issue 22: a Toronto search drew pins in Auckland and Madrid for positions also open there).
        if (placeInBounds?.[nearestPlace] !== 0) markerCounts[nearestPlace * 2 + index.remote[i]!]! += 1;
      } else {
        for (let p = placeFrom; p < placeTo; p += 1) {
          const place = index.placeIds[p]!;
          if (placeInBounds?.[place] === 0) continue;
          const slot = place * 2 + index.remote[i]!;
          let seen = false;
          for (let q = placeFrom; q < p; q += 1) seen ||= index.placeIds[q] === place;
          if (!seen) markerCounts[slot]! += 1;
        }
      }
    }
    if (fails === 0) for (let f = 0; f < counted.length; f += 1) count(counted[f]!, i);
    else if (fails !== distanceBit) {
      const { start, ids, counts } = byBit[31 - Math.clz32(fails)]!;
      if (start === null) counts[ids[i]!]! += 1;
      else for (let s = start[i]!; s < start[i + 1]!; s += 1) counts[ids[s]!]! += 1;
    }
    if (origin && (fails === 0 || fails === distanceBit)) {
      for (let r = 0; r < radii.length; r += 1) if (nearest <= radii[r]!) distanceCounts[r]! += 1;
    }
  }

  const byName = new Map(counted.map((filter) => [filter.name, filter]));
  const facets: FilterDefinition[] = [];
  for (const { name } of FILTERS) {
    const filter = byName.get(name);
    if (filter) facets.push({ filterName: name, options: options(filter.names, filter.counts, filter.spec) });
    else if (origin) {
      facets.push({
        filterName: name,
        options: DISTANCE_OPTIONS.map((km, r) => ({
          label: km === 0 ? origin.name : `${km} km`,
          value: String(km),
          count: distanceCounts[r]!,
        })),
      });
    }
  }

  return { matched: matched.subarray(0, matches), isMatch, distance, facets, markers: markersOf(index, markerCounts) };
}

/** The markers from their counts by place and remote flag (slot `place * 2 + remote`), the most positions first. */
function markersOf(index: EmployerIndex, markerCounts: Int32Array): MapMarker[] {
  const markers: MapMarker[] = [];
  for (let slot = 0; slot < markerCounts.length; slot += 1) {
    const count = markerCounts[slot]!;
    if (count === 0) continue;
    const place = index.places[slot >> 1]!;
    const remote = (slot & 1) === 1;
    markers.push({
      id: `${place.lat.toFixed(5)},${place.lng.toFixed(5)}${remote ? ':remote' : ''}`,
      latlong: { lat: place.lat, lng: place.lng },
      count,
      location: place.name,
      is_remote: remote,
    });
  }
  markers.sort((a, b) => b.count - a.count || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  if (markers.length > MAX_MARKERS) markers.length = MAX_MARKERS;
  return markers;
}
