import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from '../http';
import { CROSS_WIDGET_TAGS } from './tags';

/**
 * The one RTK Query API of the page. Widgets add their endpoints with `api.injectEndpoints` and their own tag
 * types with `api.enhanceEndpoints({ addTagTypes })`. Only the tags that cross widgets are declared here (see
 * ./tags.ts), so one widget's mutation can refresh another widget's data.
 */
export const api = createApi({
  reducerPath: 'careersApi',
  baseQuery: httpBaseQuery,
  tagTypes: CROSS_WIDGET_TAGS,
  endpoints: () => ({}),
});
