import type { Cluster, Marker } from '@googlemaps/markerclusterer';
import type { MapMarker } from '@careers/shared/contract';
import { i18n } from '@careers/shared';
import fr from '../../locales/fr-CA.json';
import { NAMESPACE } from '../search/namespace';
import { createClusterButton, JobClusterRenderer } from './renderer';
import { shortNumber } from '../search/numbers';
import { CLUSTER_ICON_SIZE, clusterIconSize, clusterStyle, formatCoordinate, pinLook, totalJobs } from './styles';
import { setupSearchI18n } from '../../test/setup';

const place = (id: string, count: number): MapMarker => ({
  id,
  latlong: { lat: 45.5, lng: -73.56 },
  count,
  location: 'Montréal',
  is_remote: false,
});

describe('cluster style by total jobs', () => {
  it.each([
    [1, 'single'],
    [9, 'small'],
    [10, 'medium'],
    [59, 'medium'],
    [60, 'large'],
    [2, 'small'],
    [500, 'large'],
  ])('%i jobs → %s', (total, style) => {
    expect(clusterStyle(total)).toBe(style);
  });

  it('counts jobs, not places', () => {
    expect(totalJobs([place('a', 5), place('b', 5)])).toBe(10);
    expect(clusterStyle(totalJobs([place('a', 5), place('b', 5)]))).toBe('medium');
  });
});

describe('sizes', () => {
  it('draws clusters at 76, 88 and 112 px', () => {
    expect(CLUSTER_ICON_SIZE).toEqual({ small: 76, medium: 88, large: 112 });
    expect(clusterIconSize(9)).toEqual({ width: 76, height: 76 });
    expect(clusterIconSize(59)).toEqual({ width: 88, height: 88 });
    expect(clusterIconSize(60)).toEqual({ width: 112, height: 112 });
  });

  it('draws pins at 32x38 (opacity 0.6) and 44x53 selected (opacity 1); a one-job cluster looks like a pin', () => {
    expect(pinLook(false)).toEqual({ width: 32, height: 38, opacity: 0.6 });
    expect(pinLook(true)).toEqual({ width: 44, height: 53, opacity: 1 });
    expect(clusterIconSize(1)).toEqual({ width: 32, height: 38 });
  });
});

describe('cluster title text', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is the product copy, in English and French', async () => {
    await setupSearchI18n();
    const options = { count: 12, lat: formatCoordinate(45.50169), long: formatCoordinate(-73.567253) };
    expect(i18n.t('map.clusterTitle', { ns: NAMESPACE, ...options })).toBe(
      '12 Jobs at latitude 45.5017 and longitude -73.5673, click button to expand',
    );
    await i18n.changeLanguage('fr-CA');
    expect(i18n.t('map.clusterTitle', { ns: NAMESPACE, ...options })).toBe(
      '12 emplois à la latitude 45.5017 et à la longitude -73.5673, cliquez sur le bouton pour agrandir',
    );
    expect(fr.map.clusterTitle).toContain('{{count}}');
  });
});

describe('cluster button', () => {
  it('is a named button of the style and size of its total, which activates on click', () => {
    const onActivate = jest.fn();
    const button = createClusterButton(document, { total: 42, label: '42 Jobs here', countText: '42', onActivate });
    document.body.appendChild(button);
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAccessibleName('42 Jobs here');
    expect(button).toHaveClass('cw-map-cluster', 'cw-map-cluster--medium');
    expect(button).toHaveStyle({ width: '88px', height: '88px' });
    expect(button).toHaveTextContent('42');
    button.click();
    expect(onActivate).toHaveBeenCalledTimes(1);
    button.remove();
  });

  it('draws a one-job cluster as an unselected pin', () => {
    const button = createClusterButton(document, {
      total: 1,
      label: '1 Jobs here',
      countText: '1',
      onActivate: jest.fn(),
    });
    expect(button).toHaveClass('cw-map-pin');
    expect(button).toHaveStyle({ width: '32px', height: '38px' });
    expect(button.querySelector('.cw-map-pin__shape')).toHaveStyle({ opacity: '0.6' });
  });
});

describe('JobClusterRenderer', () => {
  class FakeAdvancedMarker {
    position: google.maps.LatLngLiteral;
    content: HTMLElement;
    zIndex: number;
    constructor(options: { position: google.maps.LatLngLiteral; content: HTMLElement; zIndex: number }) {
      this.position = options.position;
      this.content = options.content;
      this.zIndex = options.zIndex;
    }
  }

  it('styles a cluster by the sum of its places’ jobs and names it with the title text', () => {
    const a = {} as Marker;
    const b = {} as Marker;
    const places = new Map<Marker, MapMarker>([
      [a, place('a', 30)],
      [b, place('b', 35)],
    ]);
    const onActivate = jest.fn();
    const renderer = new JobClusterRenderer({
      AdvancedMarkerElement: FakeAdvancedMarker as unknown as typeof google.maps.marker.AdvancedMarkerElement,
      placeOf: (marker) => places.get(marker),
      title: (total, { lat, lng }) => `${total} Jobs at latitude ${lat} and longitude ${lng}`,
      countText: String,
      onActivate,
    });
    const cluster = {
      markers: [a, b],
      position: { toJSON: () => ({ lat: 45, lng: -73 }) },
    } as unknown as Cluster;

    const marker = renderer.render(cluster) as unknown as FakeAdvancedMarker;

    // Two places, 65 jobs: large (by jobs), not small (by places).
    expect(marker.content).toHaveClass('cw-map-cluster--large');
    expect(marker.content).toHaveStyle({ width: '112px', height: '112px' });
    expect(marker.content).toHaveAttribute('aria-label', '65 Jobs at latitude 45 and longitude -73');
    expect(marker.position).toEqual({ lat: 45, lng: -73 });
    marker.content.click();
    expect(onActivate).toHaveBeenCalledWith(cluster, [place('a', 30), place('b', 35)]);
  });
});

describe('cluster counts (k, M, B)', () => {
  it('shortens a total past 1,000 on the icon, in the page’s language, and keeps the whole number in its name', () => {
    const big = {} as Marker;
    const other = {} as Marker;
    const places = new Map<Marker, MapMarker>([
      [big, place('big', 1500)],
      [other, place('other', 189)],
    ]);
    const render = (language: string) =>
      new JobClusterRenderer({
        AdvancedMarkerElement: FakeMarker as unknown as typeof google.maps.marker.AdvancedMarkerElement,
        placeOf: (marker) => places.get(marker),
        title: (total) => `${total} Jobs here`,
        countText: (total) => shortNumber(total, language),
        onActivate: jest.fn(),
      }).render({
        markers: [big, other],
        position: { toJSON: () => ({ lat: 45, lng: -73 }) },
      } as unknown as Cluster) as unknown as FakeMarker;

    const english = render('en');
    expect(english.content).toHaveTextContent(/^1\.7K$/);
    expect(english.content).toHaveAccessibleName('1689 Jobs here');
    expect(render('fr-CA').content).toHaveTextContent(/^1,7\sk$/);
    expect(shortNumber(999, 'en')).toBe('999');
    expect(shortNumber(2_500_000, 'en')).toBe('2.5M');
    expect(shortNumber(3_000_000_000, 'en')).toBe('3B');
  });
});

class FakeMarker {
  content: HTMLElement;
  constructor(options: { content: HTMLElement }) {
    this.content = options.content;
  }
}
