/** Map view constants (docs/product/positions-and-map.md#map-view). */

/** Zoom range of the map. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 13;

/**
 * Padding of the fit-bounds that expands a cluster, -100 px each side
 * (docs/product/positions-and-map.md#pins-and-clusters): a negative padding zooms in past the cluster's own bounds, so
 * one click is enough to split it.
 */
export const CLUSTER_EXPAND_PADDING = { top: -100, right: -100, bottom: -100, left: -100 } as const;

/**
 * Padding of the fit-bounds that frames the places of new results (not in the spec: a positive margin so that the
 * outermost pins, which stand above their point, stay whole inside the panel).
 */
export const RESULTS_FIT_PADDING = 48;

/** The panel's smallest height in px. */
export const MAP_MIN_HEIGHT = 200;

/** Where the map looks before there are places to frame. */
export const DEFAULT_CENTER = { lat: 20, lng: 0 } as const;
export const DEFAULT_ZOOM = 2;

/**
 * Google's demonstration map id, used when the employer's configuration gives none: advanced markers (DOM markers,
 * which keyboard users can reach) need a map id.
 */
export const FALLBACK_MAP_ID = 'DEMO_MAP_ID';
