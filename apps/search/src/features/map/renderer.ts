import type { Cluster, Marker, Renderer } from '@googlemaps/markerclusterer';
import type { MapMarker } from '@careers/shared/contract';
import { clusterIconSize, clusterStyle, pinLook, totalJobs } from './styles';

/**
 * A cluster drawn on the map: a real button (keyboard-reachable, named by the cluster title text) inside an
 * advanced marker. The pin look and the three cluster sizes are the spec's (see styles.ts).
 */
export interface ClusterButtonOptions {
  /** Total jobs of the cluster's places. */
  total: number;
  /** The accessible name and tooltip: the cluster title text. */
  label: string;
  /** The total as the icon shows it (shortened: "1.7K"); the label keeps the whole number. */
  countText: string;
  onActivate: () => void;
}

export function createClusterButton(
  doc: Document,
  { total, label, countText, onActivate }: ClusterButtonOptions,
): HTMLElement {
  const style = clusterStyle(total);
  const { width, height } = clusterIconSize(total);
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = style === 'single' ? 'cw-map-pin' : `cw-map-cluster cw-map-cluster--${style}`;
  button.dataset.clusterStyle = style;
  button.setAttribute('aria-label', label);
  button.title = label;
  button.style.width = `${width}px`;
  button.style.height = `${height}px`;
  if (style === 'single') {
    const shape = doc.createElement('span');
    shape.className = 'cw-map-pin__shape';
    shape.style.opacity = String(pinLook(false).opacity);
    shape.setAttribute('aria-hidden', 'true');
    button.appendChild(shape);
  } else {
    const text = doc.createElement('span');
    text.className = 'cw-map-cluster__count';
    text.setAttribute('aria-hidden', 'true');
    text.textContent = countText;
    button.appendChild(text);
  }
  // The map must not read the click as a click on the map under the cluster.
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onActivate();
  });
  return button;
}

export interface JobClusterRendererOptions {
  /** The Maps `marker` library's AdvancedMarkerElement (the API is loaded by then). */
  AdvancedMarkerElement: typeof google.maps.marker.AdvancedMarkerElement;
  /** The place a marker on the map stands for. */
  placeOf: (marker: Marker) => MapMarker | undefined;
  /** The cluster title text for a cluster of `total` jobs at a position. */
  title: (total: number, position: google.maps.LatLngLiteral) => string;
  /** The total as the cluster's icon shows it, in the page's language (shortened past 1,000). */
  countText: (total: number) => string;
  /** A cluster was clicked (or Enter/Space on its button). */
  onActivate: (cluster: Cluster, places: MapMarker[]) => void;
}

/**
 * The markerclusterer renderer of the search map: the cluster's style comes from the sum of its places' job counts,
 * not from the number of places.
 */
export class JobClusterRenderer implements Renderer {
  constructor(private readonly options: JobClusterRendererOptions) {}

  render(cluster: Cluster): Marker {
    const { AdvancedMarkerElement, placeOf, title, countText, onActivate } = this.options;
    const places = cluster.markers.map(placeOf).filter((place): place is MapMarker => place !== undefined);
    const total = totalJobs(places);
    const position = cluster.position.toJSON();
    const content = createClusterButton(document, {
      total,
      label: title(total, position),
      countText: countText(total),
      onActivate: () => onActivate(cluster, places),
    });
    // Bigger clusters above smaller ones and above single pins (which keep the default z-index).
    return new AdvancedMarkerElement({ position, content, zIndex: 1_000_000 + total });
  }
}
