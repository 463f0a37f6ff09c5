/**
 * Which SQLite library serves the process (decision 031): better-sqlite3 13 (Node-API) on Node.js 22 and later,
 * where 12 can abort the process on Node.js 24; 12 on Node.js 20, where 13 crashes.
 */
import { sqliteLibrary, sqlitePackageFor } from '../src/db/sqlite-library';

describe('the SQLite library', () => {
  it('is 13 (better-sqlite3-napi) from Node.js 22 on when installed, else 12', () => {
    expect(sqlitePackageFor('v24.21.0', true)).toBe('better-sqlite3-napi');
    expect(sqlitePackageFor('v22.12.0', true)).toBe('better-sqlite3-napi');
    expect(sqlitePackageFor('v20.20.2', true)).toBe('better-sqlite3');
    // npm skips the optional 13 on Node.js 20; a Node.js 24 install without optional packages keeps 12.
    expect(sqlitePackageFor('v24.21.0', false)).toBe('better-sqlite3');
    expect(sqlitePackageFor('not a version', true)).toBe('better-sqlite3');
  });

  it('loaded in this process matches its Node.js, and runs SQL', () => {
    const { name, version, library: SQLite } = sqliteLibrary();
    const major = Number(process.versions.node.split('.')[0]);
    if (major < 22) expect(name).toBe('better-sqlite3');
    expect(version.split('.')[0]).toBe(name === 'better-sqlite3-napi' ? '13' : '12');
    const db = new SQLite(':memory:');
    try {
      db.exec('create table t (x integer)');
      const insert = db.prepare('insert into t values (?)');
      for (let i = 1; i <= 3; i += 1) insert.run(i);
      expect(db.prepare('select sum(x) as total from t').get()).toEqual({ total: 6 });
    } finally {
      db.close();
    }
  });
});
