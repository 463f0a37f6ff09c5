import { MAX_ZOOM } from './constants';

/**
 * How a cluster is drawn, chosen by its TOTAL number of jobs (the sum of its places' counts, not the number of
 * places): 1 → the single-pin style, under 10 small, under 60 medium, otherwise large
 * (docs/product/positions-and-map.md#pins-and-clusters).
 */
export type ClusterStyle = 'single' | 'small' | 'medium' | 'large';

export function clusterStyle(totalJobs: number): ClusterStyle {
  if (totalJobs <= 1) return 'single';
  if (totalJobs < 10) return 'small';
  if (totalJobs < 60) return 'medium';
  return 'large';
}

/** Diameter in px of a cluster icon of each multi-job style. */
export const CLUSTER_ICON_SIZE: Record<Exclude<ClusterStyle, 'single'>, number> = {
  small: 76,
  medium: 88,
  large: 112,
};

export interface PinLook {
  width: number;
  height: number;
  opacity: number;
}

/** A place pin: 32x38 at opacity 0.6, or 44x53 at opacity 1 when it is the selected place. */
export function pinLook(selected: boolean): PinLook {
  return selected ? { width: 44, height: 53, opacity: 1 } : { width: 32, height: 38, opacity: 0.6 };
}

/** The size in px (width, height) of whatever draws a cluster of this many jobs. */
export function clusterIconSize(totalJobs: number): { width: number; height: number } {
  const style = clusterStyle(totalJobs);
  if (style === 'single') {
    const { width, height } = pinLook(false);
    return { width, height };
  }
  const size = CLUSTER_ICON_SIZE[style];
  return { width: size, height: size };
}

/** The total jobs of a group of places. */
export function totalJobs(places: ReadonlyArray<{ count: number }>): number {
  return places.reduce((sum, place) => sum + place.count, 0);
}

/**
 * Clusters are formed up to one level below the largest zoom, so at the largest zoom every place shows as its own
 * pin and expanding a cluster always ends in pins.
 */
export const CLUSTER_MAX_ZOOM = MAX_ZOOM - 1;

/** Coordinates written in a cluster's title: 4 decimals (about 10 m). */
export function formatCoordinate(value: number): string {
  return value.toFixed(4);
}
