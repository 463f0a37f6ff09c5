import { requestErrorMessage } from './requestError';

const FALLBACK = 'Generic';

describe('requestErrorMessage', () => {
  it("uses the server's message", () => {
    expect(requestErrorMessage({ status: 409, kind: 'http', message: 'Already accepted' }, FALLBACK)).toBe(
      'Already accepted',
    );
  });

  it('uses the fallback when the HTTP layer wrote the message', () => {
    expect(
      requestErrorMessage(
        {
          status: 0,
          kind: 'network',
          message: 'There was a problem with the request',
          messageKey: 'http.requestProblem',
        },
        FALLBACK,
      ),
    ).toBe(FALLBACK);
    expect(requestErrorMessage(new Error('x'), FALLBACK)).toBe(FALLBACK);
    expect(requestErrorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it('gives null when the HTTP layer already showed a notice, or the request was cancelled', () => {
    for (const kind of ['sessionTimedOut', 'invalidCsrf', 'rateLimited', 'serverError', 'unexpected', 'aborted']) {
      expect(
        requestErrorMessage({ status: 0, kind, message: 'm', messageKey: 'http.requestProblem' }, FALLBACK),
      ).toBeNull();
    }
  });
});
