import { useCallback, useEffect, useRef, useState } from 'react';
import { AdvancedMarker, AdvancedMarkerAnchorPoint, useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import { MarkerClusterer, SuperClusterAlgorithm, type onClusterClickHandler } from '@googlemaps/markerclusterer';
import type { MapMarker } from '@careers/shared/contract';
import { JobClusterRenderer } from '../renderer';
import { CLUSTER_MAX_ZOOM, totalJobs } from '../styles';
import { PlacePin } from './PlacePin';

type MarkerElement = google.maps.marker.AdvancedMarkerElement;

export interface ClusteredPlacesProps {
  places: MapMarker[];
  selectedMarkerId: string | null;
  onSelect: (place: MapMarker) => void;
  /** A multi-job cluster was activated: zoom to its bounds. */
  onExpand: (bounds: google.maps.LatLngBounds) => void;
  /** The cluster title text. */
  clusterTitle: (total: number, position: google.maps.LatLngLiteral) => string;
  /** A cluster's total as its icon shows it. */
  clusterCount: (total: number) => string;
}

/**
 * The places as pins (React, inside advanced markers) grouped by markerclusterer; a group of places is drawn by
 * JobClusterRenderer. The clusterer is rebuilt when the places or their counts change, so cluster totals are never
 * stale.
 */
export function ClusteredPlaces({
  places,
  selectedMarkerId,
  onSelect,
  onExpand,
  clusterTitle,
  clusterCount,
}: ClusteredPlacesProps) {
  const map = useMap();
  const markerLibrary = useMapsLibrary('marker');
  const [elements, setElements] = useState<Record<string, MarkerElement>>({});
  const [clusterer, setClusterer] = useState<MarkerClusterer | null>(null);

  // What the renderer reads when markerclusterer calls it (on the map's idle events), always the latest.
  const latest = useRef({ places, onSelect, onExpand, clusterTitle, clusterCount });
  const idOfElement = useRef(new WeakMap<object, string>());
  useEffect(() => {
    latest.current = { places, onSelect, onExpand, clusterTitle, clusterCount };
  });

  const countsKey = places.map((place) => `${place.id}=${place.count}`).join('|');

  useEffect(() => {
    if (!map || !markerLibrary) return;
    const renderer = new JobClusterRenderer({
      AdvancedMarkerElement: markerLibrary.AdvancedMarkerElement,
      placeOf: (marker) => {
        const id = idOfElement.current.get(marker);
        return latest.current.places.find((place) => place.id === id);
      },
      title: (total, position) => latest.current.clusterTitle(total, position),
      countText: (total) => latest.current.clusterCount(total),
      onActivate: (cluster, members) => {
        const only = members[0];
        if (members.length === 1 && only && totalJobs(members) === 1) latest.current.onSelect(only);
        else if (cluster.bounds) latest.current.onExpand(cluster.bounds);
      },
    });
    const instance = new MarkerClusterer({
      map,
      algorithm: new SuperClusterAlgorithm({ maxZoom: CLUSTER_MAX_ZOOM }),
      renderer,
      // No click listener on the cluster marker itself: the cluster's own button handles clicks and keys (a
      // listener would make the marker a second, nested button). `undefined` would install the default zoom.
      onClusterClick: null as unknown as onClusterClickHandler,
    });
    setClusterer(instance);
    return () => {
      instance.clearMarkers(true);
      instance.setMap(null);
      setClusterer(null);
    };
    // countsKey: rebuild when places or counts change (the algorithm caches its clusters by marker identity).
  }, [map, markerLibrary, countsKey]);

  useEffect(() => {
    if (!clusterer) return;
    clusterer.clearMarkers(true);
    clusterer.addMarkers(Object.values(elements));
  }, [clusterer, elements]);

  const setMarkerRef = useCallback((marker: MarkerElement | null, id: string) => {
    if (marker) idOfElement.current.set(marker, id);
    setElements((previous) => {
      if (marker ? previous[id] === marker : !(id in previous)) return previous;
      const next = { ...previous };
      if (marker) next[id] = marker;
      else delete next[id];
      return next;
    });
  }, []);

  return (
    <>
      {places.map((place) => (
        <PlaceMarker
          key={place.id}
          place={place}
          selected={place.id === selectedMarkerId}
          onSelect={onSelect}
          setMarkerRef={setMarkerRef}
        />
      ))}
    </>
  );
}

interface PlaceMarkerProps {
  place: MapMarker;
  selected: boolean;
  onSelect: (place: MapMarker) => void;
  setMarkerRef: (marker: MarkerElement | null, id: string) => void;
}

function PlaceMarker({ place, selected, onSelect, setMarkerRef }: PlaceMarkerProps) {
  const { id } = place;
  // A stable ref per place: a new function each render would detach and re-attach the marker every time.
  const ref = useCallback((marker: MarkerElement | null) => setMarkerRef(marker, id), [setMarkerRef, id]);
  return (
    <AdvancedMarker
      ref={ref}
      position={place.latlong}
      anchorPoint={AdvancedMarkerAnchorPoint.BOTTOM}
      zIndex={selected ? 2_000_000 : undefined}
      className="cw-map-marker"
    >
      <PlacePin place={place} selected={selected} onSelect={onSelect} />
    </AdvancedMarker>
  );
}
