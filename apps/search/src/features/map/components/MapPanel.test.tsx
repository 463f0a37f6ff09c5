import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import type { MapMarker } from '@careers/shared/contract';
import { renderWithStore } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import MapPanel, { type MapPanelProps } from './MapPanel';
import { setupSearchI18n } from '../../../test/setup';

/**
 * The Maps JavaScript API is not loaded in jsdom: @vis.gl/react-google-maps is replaced by components that render
 * their children and keep the props the panel gave the map, so a test can play the map's events.
 */
const mockMaps = {
  status: 'LOADED',
  mapProps: null as null | Record<string, unknown>,
  providerProps: null as null | Record<string, unknown>,
  map: null as null | { fitBounds: jest.Mock; getBounds: () => undefined },
  /** The `core` library (stable, as the real hook's), or null: not loaded. */
  core: null as null | { LatLngBounds: new () => { extend: (point: unknown) => void } },
};

jest.mock('@vis.gl/react-google-maps', () => {
  const { createElement, Fragment } = jest.requireActual<typeof import('react')>('react');
  const status = {
    NOT_LOADED: 'NOT_LOADED',
    LOADING: 'LOADING',
    LOADED: 'LOADED',
    FAILED: 'FAILED',
    AUTH_FAILURE: 'AUTH_FAILURE',
  };
  return {
    APILoadingStatus: status,
    AdvancedMarkerAnchorPoint: { BOTTOM: ['50%', '100%'] },
    APIProvider: (props: { children: ReactNode }) => {
      mockMaps.providerProps = props;
      return createElement(Fragment, null, props.children);
    },
    Map: (props: { children: ReactNode }) => {
      mockMaps.mapProps = props;
      return createElement('div', { 'data-testid': 'google-map' }, props.children);
    },
    AdvancedMarker: (props: { children: ReactNode }) => createElement('div', null, props.children),
    useApiLoadingStatus: () => mockMaps.status,
    useMap: () => mockMaps.map,
    useMapsLibrary: (name: string) => (name === 'core' ? mockMaps.core : null),
  };
});

const toronto: MapMarker = {
  id: '43.65000,-79.38000',
  latlong: { lat: 43.65, lng: -79.38 },
  count: 4,
  location: 'Toronto',
  is_remote: false,
};
const montreal: MapMarker = {
  id: '45.50000,-73.56000',
  latlong: { lat: 45.5, lng: -73.56 },
  count: 1,
  location: 'Montréal:::45.5,-73.56',
  is_remote: false,
};
const remote: MapMarker = { ...toronto, id: '43.65000,-79.38000:remote', count: 3, is_remote: true };

function renderPanel(props: Partial<MapPanelProps> = {}) {
  const onSelectMarker = jest.fn();
  const onSearchArea = jest.fn();
  const view = renderWithStore(
    <MapPanel
      apiKey="test-key"
      markers={[toronto, montreal]}
      onSelectMarker={onSelectMarker}
      onSearchArea={onSearchArea}
      {...props}
    />,
  );
  return { onSelectMarker, onSearchArea, ...view };
}

/** Plays a map event through the handler the panel gave the map. */
function mapEvent(name: string, detail?: unknown) {
  const handler = mockMaps.mapProps?.[name] as ((event: unknown) => void) | undefined;
  if (!handler) throw new Error(`the map has no ${name} handler`);
  act(() => handler({ type: name, detail }));
}

const bounds = { south: 43.1, west: -80.2, north: 46.3, east: -72.9 };

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  mockMaps.status = 'LOADED';
  mockMaps.mapProps = null;
  mockMaps.providerProps = null;
  mockMaps.map = null;
  mockMaps.core = null;
});

it('loads the map with the configured key and keeps the zoom between 1 and 13', () => {
  renderPanel({ mapId: 'careers-map' });
  expect(screen.getByRole('region', { name: en.map.regionLabel })).toBeInTheDocument();
  expect(mockMaps.providerProps).toMatchObject({ apiKey: 'test-key', language: 'en' });
  expect(mockMaps.mapProps).toMatchObject({ mapId: 'careers-map', minZoom: 1, maxZoom: 13 });
});

it('shows "Search this area" once the candidate moves the map, and searches the visible bounds', async () => {
  const user = userEvent.setup();
  const { onSearchArea } = renderPanel();
  const button = () => screen.queryByRole('button', { name: en.map.searchArea });

  // The map laying itself out is not the candidate moving it.
  mapEvent('onCameraChanged', { bounds, center: { lat: 44, lng: -76 }, zoom: 5 });
  expect(button()).not.toBeInTheDocument();

  mapEvent('onIdle');
  mapEvent('onCameraChanged', { bounds, center: { lat: 44, lng: -76 }, zoom: 6 });
  expect(button()).toBeInTheDocument();

  await user.click(button()!);
  expect(onSearchArea).toHaveBeenCalledWith({ south: 43.1, west: -80.2, north: 46.3, east: -72.9 });
  expect(button()).not.toBeInTheDocument();
});

it('shows "Search this area" when the candidate starts dragging the map', () => {
  renderPanel();
  mapEvent('onDragstart');
  expect(screen.getByRole('button', { name: en.map.searchArea })).toBeInTheDocument();
});

it('selects a place by click or keyboard, and draws the selected pin larger and opaque', async () => {
  const user = userEvent.setup();
  const { onSelectMarker } = renderPanel({ selectedMarkerId: montreal.id });

  const torontoPin = screen.getByRole('button', { name: 'Toronto: 4 jobs' });
  expect(torontoPin).toHaveAttribute('aria-pressed', 'false');
  expect(torontoPin).toHaveStyle({ width: '32px', height: '38px' });
  expect(torontoPin.querySelector('.cw-map-pin__shape')).toHaveStyle({ opacity: '0.6' });
  await user.click(torontoPin);
  expect(onSelectMarker).toHaveBeenLastCalledWith(toronto);

  // The place name of a `name:::lat,long` location.
  const montrealPin = screen.getByRole('button', { name: 'Montréal: 1 job' });
  expect(montrealPin).toHaveAttribute('aria-pressed', 'true');
  expect(montrealPin).toHaveStyle({ width: '44px', height: '53px' });
  expect(montrealPin.querySelector('.cw-map-pin__shape')).toHaveStyle({ opacity: '1' });

  montrealPin.focus();
  await user.keyboard('{Enter}');
  expect(onSelectMarker).toHaveBeenLastCalledWith(montreal);
  expect(onSelectMarker).toHaveBeenCalledTimes(2);
});

it('counts remote jobs under the map instead of drawing them', () => {
  renderPanel({ markers: [toronto, remote] });
  expect(screen.getByText('3 remote jobs are not shown on the map.')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /Toronto/ })).toHaveLength(1);
});

it('frames the places of new results, but not results of a search the map started', async () => {
  const user = userEvent.setup();
  const extended: unknown[] = [];
  mockMaps.core = {
    LatLngBounds: class {
      extend(point: unknown) {
        extended.push(point);
      }
    },
  };
  mockMaps.map = { fitBounds: jest.fn(), getBounds: () => undefined };
  const onSelectMarker = jest.fn();
  const onSearchArea = jest.fn();
  // The page: it gives the panel the markers of its latest results.
  let setResults: (markers: MapMarker[]) => void = () => undefined;
  function Page() {
    const [markers, setMarkers] = useState([toronto, montreal]);
    setResults = setMarkers;
    return <MapPanel apiKey="test-key" markers={markers} onSelectMarker={onSelectMarker} onSearchArea={onSearchArea} />;
  }
  renderWithStore(<Page />);
  const showResults = (markers: MapMarker[]) => act(() => setResults(markers));
  expect(mockMaps.map.fitBounds).toHaveBeenCalledTimes(1);
  expect(extended).toEqual([toronto.latlong, montreal.latlong]);

  // Framing is the panel's own move: no "Search this area".
  mapEvent('onCameraChanged', { bounds, center: { lat: 44, lng: -76 }, zoom: 5 });
  expect(screen.queryByRole('button', { name: en.map.searchArea })).not.toBeInTheDocument();
  mapEvent('onIdle');
  mapEvent('onCameraChanged', { bounds, center: { lat: 44, lng: -76 }, zoom: 7 });
  await user.click(screen.getByRole('button', { name: en.map.searchArea }));
  expect(onSearchArea).toHaveBeenCalledTimes(1);

  // The area's results keep the camera where the candidate put it.
  showResults([toronto]);
  expect(mockMaps.map.fitBounds).toHaveBeenCalledTimes(1);

  // Results of a new search (another set of places) are framed again.
  showResults([montreal]);
  expect(mockMaps.map.fitBounds).toHaveBeenCalledTimes(2);

  // Results after choosing a place keep the camera too.
  await user.click(screen.getByRole('button', { name: 'Montréal: 1 job' }));
  expect(onSelectMarker).toHaveBeenCalledWith(montreal);
  showResults([montreal, toronto]);
  expect(mockMaps.map.fitBounds).toHaveBeenCalledTimes(2);
});

it('shows an error inside the panel when the Maps script fails to load', () => {
  mockMaps.status = 'FAILED';
  renderPanel({ markers: [toronto, remote] });
  expect(screen.getByRole('alert')).toHaveTextContent(en.map.loadError);
  expect(screen.queryByTestId('google-map')).not.toBeInTheDocument();
  // The rest of the panel keeps working.
  expect(screen.getByText('3 remote jobs are not shown on the map.')).toBeInTheDocument();
});

it('shows the error when the loader reports a failure or when no key is configured', () => {
  mockMaps.status = 'LOADING';
  renderPanel();
  expect(screen.getByText(en.map.loading)).toBeInTheDocument();
  act(() => (mockMaps.providerProps?.onError as (error: unknown) => void)(new Error('could not load')));
  expect(screen.getByRole('alert')).toHaveTextContent(en.map.loadError);
});

it('shows the error without loading anything when the key is empty', () => {
  renderPanel({ apiKey: ' ' });
  expect(screen.getByRole('alert')).toHaveTextContent(en.map.loadError);
  expect(mockMaps.providerProps).toBeNull();
});
