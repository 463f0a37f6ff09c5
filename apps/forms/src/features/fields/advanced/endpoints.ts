import { api } from '@careers/shared';
import type { FormChoice } from '@careers/shared/contract';

interface OptionsAnswer {
  data?: { options?: FormChoice[] };
}

/**
 * The skill selector's search call (docs/product/forms-toolkit.md#skill-selector): GET the item's `apiEndpoint` with
 * `?query=`, answer `data.options` (label and value). Cached per endpoint and term.
 */
const skillsApi = api.injectEndpoints({
  endpoints: (build) => ({
    skillSearch: build.query<FormChoice[], { endpoint: string; query: string }>({
      query: ({ endpoint, query }) => ({ url: endpoint, params: { query }, silent: true }),
      transformResponse: (answer: OptionsAnswer) =>
        Array.isArray(answer?.data?.options) ? answer.data.options.filter((o) => typeof o?.value === 'string') : [],
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useSkillSearchQuery } = skillsApi;
