// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test checks the widget's constants against the contract's schemas
import * as contract from '@careers/shared/contract';
import { EsignMessageTypes, SIGNED_LETTER_FIELD, SIGNED_LETTER_MAX_BYTES } from './constants';

describe('offer wire constants', () => {
  it('equal the contract’s values (the browser copy cannot drift)', () => {
    expect(SIGNED_LETTER_FIELD).toBe(contract.SIGNED_LETTER_FIELD);
    expect(SIGNED_LETTER_MAX_BYTES).toBe(contract.SIGNED_LETTER_MAX_BYTES);
    expect(EsignMessageTypes).toEqual(contract.EsignMessageTypes);
  });
});
