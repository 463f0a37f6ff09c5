import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import type { Employer, EmployerRepository } from './repository';

/**
 * The employer a request is about: the explicit `domain` parameter (404 when unknown), else the session's
 * employer, else the configured default employer.
 */
export async function resolveEmployer(
  employers: EmployerRepository,
  explicitDomain: string | undefined,
  sessionDomain: string | undefined,
  defaultDomain: string,
): Promise<Employer> {
  if (explicitDomain !== undefined) {
    const employer = await employers.find(explicitDomain);
    if (!employer) throw notFound(`No employer uses the domain "${explicitDomain}".`);
    return employer;
  }
  const employer =
    (sessionDomain === undefined ? null : await employers.find(sessionDomain)) ??
    (await employers.findDefault(defaultDomain));
  if (!employer) {
    throw new HttpError(503, ServerErrorCodes.serviceUnavailable, 'No employer is configured on this server.');
  }
  return employer;
}
