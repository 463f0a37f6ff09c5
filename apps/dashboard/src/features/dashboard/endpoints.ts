import { api } from '@careers/shared';

/**
 * The calls of this feature join the page's one RTK Query API with the widget's own tag types (tags that cross
 * widgets are listed in shared/src/api/tags.ts). Add `build.query` / `build.mutation` entries to `endpoints`
 * and export their hooks: `export const { useThingsQuery } = api.enhanceEndpoints(...).injectEndpoints(...)`.
 */
api.enhanceEndpoints({ addTagTypes: ['Dashboard'] }).injectEndpoints({
  endpoints: () => ({}),
});
