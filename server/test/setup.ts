// Each API test file builds a server over a migrated, seeded database, and some start processes: on a busy 2-core
// machine a hook took longer than Jest's 5 s default. The tests assert outcomes, never times; 30 s still ends a hang.
jest.setTimeout(30_000);
