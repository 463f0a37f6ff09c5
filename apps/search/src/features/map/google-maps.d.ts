/**
 * The `google.maps` namespace types (from @types/google.maps, which @vis.gl/react-google-maps brings): the map
 * feature names Maps classes in its own types. The root tsconfig lists its global types explicitly, so they are
 * referenced here.
 */
/// <reference types="google.maps" />
