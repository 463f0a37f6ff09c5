import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from '../http';

/**
 * The one RTK Query API of the page. Widgets add their endpoints with `api.injectEndpoints`, so cache tags
 * (for example a notification click invalidating the badge) work across widgets.
 */
export const api = createApi({
  reducerPath: 'careersApi',
  baseQuery: httpBaseQuery,
  tagTypes: ['Notifications', 'NotificationBadge', 'NotificationBoot', 'Offers', 'Offer', 'Terms'],
  endpoints: () => ({}),
});
