import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import { toOnboardingData, toProfile, type Candidate, type CandidateRepository } from '../candidates/repository';
import {
  AcceptTermsBody,
  ApiErrorBody,
  BootstrapProfileBody,
  BootstrapProfileResponse,
  DomainBody,
  DomainQuery,
  OnboardingResponse,
  TermsOfServiceResponse,
} from '../contract';
import { candidateRoute } from '../http/candidate-route';
import { sessionEmployer } from '../http/request-context';
import { badRequest, HttpError, loginRequired, ServerErrorCodes } from '../http/errors';

export interface OnboardingRouteDeps {
  candidates: CandidateRepository;
}

const tags = ['onboarding'];

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const OnboardingMessages = {
  termsFirst: 'Accept the terms of service before continuing.',
  firstname: 'Enter your first name.',
  lastname: 'Enter your last name.',
  location: 'Enter your location, for example Toronto, ON.',
  alreadyBootstrapped: 'Your profile is already set up. Change your name or location by editing your profile.',
} as const;

/** Trimmed text of a name-like field; 400 naming the field when it is blank or holds control characters. */
function cleanText(value: string, field: keyof typeof OnboardingMessages): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed === '' || CONTROL_CHARACTERS.test(value)) throw badRequest(OnboardingMessages[field], field);
  return trimmed;
}

/** Terms of service, onboarding and profile bootstrapping (docs/product/terms-and-onboarding.md#gate-order). */
export function registerOnboardingRoutes(app: FastifyInstance, deps: OnboardingRouteDeps): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { candidates } = deps;

  async function currentCandidate(request: FastifyRequest): Promise<Candidate> {
    const candidate = await candidates.findById(candidateScope(request).candidateId);
    if (!candidate) throw loginRequired();
    return candidate;
  }

  routes.get(
    '/api/pcsx/terms_of_service',
    candidateRoute('read', {
      summary: 'Whether the signed-in candidate has attested the terms of service',
      tags,
      querystring: DomainQuery,
      response: { 200: TermsOfServiceResponse },
    }),
    async (request) => ({ data: { tosAttested: (await currentCandidate(request)).tosAttestedAt !== null } }),
  );

  routes.post(
    '/api/pcsx/terms_of_service',
    candidateRoute('write', {
      summary: 'Records that the signed-in candidate accepts the terms of service (the first time is kept)',
      tags,
      body: AcceptTermsBody,
      response: { 200: TermsOfServiceResponse },
    }),
    async (request) => {
      const candidate = await candidates.attestTerms(candidateScope(request).candidateId, new Date());
      if (!candidate) throw loginRequired();
      return { data: { tosAttested: candidate.tosAttestedAt !== null } };
    },
  );

  routes.post(
    '/api/pcsx/onboarding',
    candidateRoute('write', {
      summary: 'Marks the signed-in candidate onboarded (after the terms of service, when the employer has them)',
      tags,
      body: DomainBody,
      response: { 200: OnboardingResponse, 409: ApiErrorBody },
    }),
    async (request) => {
      const candidate = await currentCandidate(request);
      const employer = sessionEmployer(request);
      if (employer?.termsOfService.enabled && candidate.tosAttestedAt === null) {
        throw new HttpError(409, ServerErrorCodes.conflict, OnboardingMessages.termsFirst);
      }
      const onboarded = candidate.isOnboarded ? candidate : await candidates.markOnboarded(candidate.id);
      if (!onboarded) throw loginRequired();
      return { data: toOnboardingData(onboarded) };
    },
  );

  routes.post(
    '/api/pcsx/profile_bootstrap',
    candidateRoute('write', {
      summary:
        'Saves the first-run profile step (name and location) and marks the candidate bootstrapped; once only ' +
        '(409 afterwards, nothing changed: later name changes go through profile editing)',
      tags,
      body: BootstrapProfileBody,
      response: { 200: BootstrapProfileResponse, 409: ApiErrorBody },
    }),
    async (request) => {
      const { body } = request;
      const profile = {
        firstName: cleanText(body.firstname, 'firstname'),
        lastName: cleanText(body.lastname, 'lastname'),
        location: cleanText(body.location, 'location'),
      };
      const saved = await candidates.bootstrapProfile(candidateScope(request).candidateId, profile);
      if (!saved) throw loginRequired();
      if (!saved.bootstrapped)
        throw new HttpError(409, ServerErrorCodes.conflict, OnboardingMessages.alreadyBootstrapped);
      const { candidate } = saved;
      return { data: { onboarding: toOnboardingData(candidate), profile: toProfile(candidate) } };
    },
  );
}
