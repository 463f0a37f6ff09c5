/**
 * Every tag that crosses widgets is declared once, in ./tags.ts: a widget's `addTagTypes` adds only tags no other
 * widget (nor the shared layer) names. The types then do the rest: `providesTags` and `invalidatesTags` accept only
 * the declared tags and the endpoint's own, so a misspelt or undeclared cross-widget tag does not compile.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CROSS_WIDGET_TAGS } from './tags';

const ROOT = path.resolve(__dirname, '../../..');

/** Product source files (no tests, no test helpers), by owner: each app, and the shared layer. */
function sourcesByOwner(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const walk = (dir: string, owner: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'testing' && entry.name !== 'node_modules') walk(full, owner);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        owners.set(owner, [...(owners.get(owner) ?? []), fs.readFileSync(full, 'utf8')]);
      }
    }
  };
  for (const app of fs.readdirSync(path.join(ROOT, 'apps'))) {
    const src = path.join(ROOT, 'apps', app, 'src');
    if (fs.existsSync(src)) walk(src, `apps/${app}`);
  }
  walk(path.join(ROOT, 'shared/src'), 'shared');
  return owners;
}

/** The tags a source adds with `addTagTypes: [...]`. */
function addedTags(source: string): string[] {
  return [...source.matchAll(/addTagTypes:\s*\[([^\]]*)\]/g)].flatMap((m) =>
    [...m[1]!.matchAll(/'([A-Za-z]+)'/g)].map((n) => n[1]!),
  );
}

/** Whether a source names a tag in a tag list or tag object (`'Tag'` in providesTags, `{ type: 'Tag' }`...). */
function namesTag(source: string, tag: string): boolean {
  return /Tags|tagTypes/.test(source) && new RegExp(`'${tag}'`).test(source);
}

describe('cross-widget tags', () => {
  const owners = sourcesByOwner();
  const added = [...owners].flatMap(([owner, sources]) =>
    sources.flatMap((source) => addedTags(source).map((tag) => ({ owner, tag }))),
  );

  it('are not declared again by a widget', () => {
    const cross = new Set<string>(CROSS_WIDGET_TAGS);
    expect(added.filter(({ tag }) => cross.has(tag))).toEqual([]);
  });

  it('include every tag more than one widget names: a widget’s own tags are named by it alone', () => {
    const crossing = added.filter(({ owner, tag }) =>
      [...owners].some(([other, sources]) => other !== owner && sources.some((source) => namesTag(source, tag))),
    );
    expect(crossing).toEqual([]);
  });

  it('are listed once, in order', () => {
    expect(new Set(CROSS_WIDGET_TAGS).size).toBe(CROSS_WIDGET_TAGS.length);
    expect([...CROSS_WIDGET_TAGS].sort()).toEqual([...CROSS_WIDGET_TAGS]);
  });
});
