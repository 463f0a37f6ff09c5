/**
 * Two Jest projects: the browser side (shared/ and apps/, jsdom) and the reference API (server/, node).
 * `DATABASE_KIND=postgres` with `TEST_DATABASE_URL` runs the API project against PostgreSQL.
 */
// TypeScript and JSX through Babel (pure JavaScript: no native binary to install on any platform).
const babel = [
  'babel-jest',
  {
    presets: [
      ['@babel/preset-env', { targets: { node: 'current' } }],
      ['@babel/preset-typescript', { allowDeclareFields: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
    ],
  },
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shared', '<rootDir>/apps'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': babel },
      transformIgnorePatterns: ['/node_modules/(?!(single-spa|single-spa-react)/)'],
      moduleNameMapper: {
        '\\.module\\.css$': '<rootDir>/tests/support/cssModuleMock.js',
        '\\.css$': '<rootDir>/tests/support/cssMock.js',
      },
      setupFilesAfterEnv: ['<rootDir>/tests/support/setupWeb.ts'],
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts'],
      transform: { '^.+\\.(t|j)sx?$': babel },
    },
  ],
};
