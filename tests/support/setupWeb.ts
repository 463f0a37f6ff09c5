import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait up to 5 s (the library's default is 1 s): `npm test` runs two Jest workers beside the
// production build on a 2-core machine, where a slow moment is not a failure. A wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5000 });
