import type { EmployerPcsxConfig } from './pcsx-config';

/**
 * The demo employer's (`acme.example`) search, job cart and position details configuration, stored in
 * `employers.pcsx_config_json`. A fresh database gets it from the seed; a database seeded before migration 0007
 * gets it from that migration (once, only when the `acme.example` row exists and has no configuration yet).
 *
 * No maps key here: the map's key comes from `GOOGLE_MAPS_API_KEY` (see `buildBootData`), never from the seed.
 * The label maps cover only values the demo positions use (`server/src/positions/demo-positions.ts`): the
 * employment types are stored as display text already, and `remote` is filtered by `true` / `false`.
 */
export const DEMO_PCSX_CONFIG: EmployerPcsxConfig = {
  searchConfig: {
    smartFilters: ['department', 'employment_type', 'remote'],
    allFilters: ['department', 'employment_type', 'location', 'remote', 'skills', 'distance'],
    mapConfig: { enabled: true },
    currentLocation: { enabled: true },
    searchOptionsMap: {
      department: { displayName: 'Department' },
      employment_type: {
        displayName: 'Employment type',
        options: {
          labelMap: {
            'Full-time': 'Full-time',
            'Part-time': 'Part-time',
            Contract: 'Contract',
            Internship: 'Internship',
            Temporary: 'Temporary',
          },
        },
      },
      location: { displayName: 'Location' },
      remote: { displayName: 'Remote', options: { labelMap: { true: 'Remote', false: 'On-site' } } },
      skills: { displayName: 'Skills' },
      distance: { displayName: 'Distance' },
    },
  },
  jobCartConfig: { enabled: true },
  positionDetailsConfig: { showMatchDetails: true, showInsights: true },
};
