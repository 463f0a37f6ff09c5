import type { ManifestWidget } from '@careers/shared/contract';

/** A manifest entry: the offers widget unless overridden. */
export function manifestWidget(overrides: Partial<ManifestWidget> = {}): ManifestWidget {
  return {
    name: 'offers',
    remoteEntry: '/widgets/offers/remoteEntry.js',
    scope: 'careers_offers',
    module: './widget',
    slot: 'careers-offers',
    activeWhen: ['/careers/offers'],
    ...overrides,
  };
}
