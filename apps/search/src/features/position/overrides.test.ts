import { mergePcsxConfig } from './overrides';

describe('mergePcsxConfig', () => {
  const config = {
    positionDetailsConfig: { showMatchDetails: true, showInsights: true },
    branding: { companyName: 'Acme' },
    searchConfig: { allFilters: ['department', 'skills'] },
  };

  it('merges objects key by key and replaces other values', () => {
    expect(
      mergePcsxConfig(config, {
        positionDetailsConfig: { showInsights: false },
        searchConfig: { allFilters: ['remote'] },
        careerHubMode: true,
      }),
    ).toEqual({
      positionDetailsConfig: { showMatchDetails: true, showInsights: false },
      branding: { companyName: 'Acme' },
      searchConfig: { allFilters: ['remote'] },
      careerHubMode: true,
    });
  });

  it('gives back the configuration itself without overrides', () => {
    expect(mergePcsxConfig(config, {})).toBe(config);
    expect(mergePcsxConfig(config, null)).toBe(config);
  });

  it('ignores keys that would reach the prototype', () => {
    const merged = mergePcsxConfig(config, JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(merged).toEqual(config);
  });
});
