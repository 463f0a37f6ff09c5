import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import type { Config } from '../config';
import {
  AcceptDocumentBody,
  ApiErrorBody,
  DeclineOfferBody,
  EsignStatusBody,
  EsignStatusResponse,
  OfferDocumentParams,
  OfferFileQuery,
  OfferIdParams,
  OfferResponse,
  OffersQuery,
  OffersResponse,
  SIGNED_DOCUMENT_FIELD,
  SIGNED_LETTER_FIELD,
  SIGNED_LETTER_MAX_BYTES,
} from '../contract';
import { normalizeDomain } from '../employers/repository';
import { candidateRoute } from '../http/candidate-route';
import { badRequest, forbiddenDomain } from '../http/errors';
import { careersOriginOf, esignBaseUrl, esignSessionUrl } from '../esign/origins';
import type { OfferLinks } from './repository';
import type { DocumentSignature, OfferService } from './service';
import { readSignedDocument, SIGNED_DOCUMENT_BODY_LIMIT, SignedDocumentMessages } from './signed-document';
import { readSignedLetter, UploadMessages } from './upload';
import { loadPdf, sendPrivatePdf } from './pdf';

export interface OfferRouteDeps {
  config: Config;
  offers: OfferService;
}

const tags = ['offers'];
/** Answers beside those of every candidate call: an unknown offer or document; on writes, also a status conflict. */
const readErrors = { 404: ApiErrorBody };
const writeErrors = { ...readErrors, 409: ApiErrorBody };

/**
 * The offer calls (docs/product/offers-and-signing.md#calls-and-caching): every one scoped to the signed-in candidate
 * and employer.
 */
export async function registerOfferRoutes(app: FastifyInstance, deps: OfferRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, offers } = deps;

  /**
   * Addresses that depend on where the careers page was opened: the e-sign server's host, and the page that frames
   * the signing page (the employer's own page when the call came from one it allows: http/cors.ts).
   */
  const linksFor = (request: FastifyRequest): OfferLinks => {
    const careers = careersOriginOf(request, config);
    const base = esignBaseUrl(careers, config);
    const parent = request.corsGrant?.origin ?? careers;
    return { esignUrl: (token, signerKey) => esignSessionUrl(base, token, parent, signerKey) };
  };

  const answer = async (request: FastifyRequest, encId: string) => ({
    data: { offer: await offers.view(candidateScope(request), encId, linksFor(request)) },
  });

  routes.get(
    '/api/offer/offers',
    candidateRoute('read', {
      summary: 'Offers of the signed-in candidate, newest first',
      tags,
      querystring: OffersQuery,
      response: { 200: OffersResponse, ...readErrors },
    }),
    async (request) => ({ data: { offers: await offers.list(candidateScope(request), linksFor(request)) } }),
  );

  routes.get(
    '/api/offer/:id',
    candidateRoute('read', {
      summary: 'One offer with its documents (id is the enc_id)',
      tags,
      params: OfferIdParams,
      querystring: OffersQuery,
      response: { 200: OfferResponse, ...readErrors },
    }),
    async (request) => answer(request, request.params.id),
  );

  routes.get(
    '/api/offer/offers/:id/documents/:documentId/file',
    candidateRoute('read', {
      summary: 'The PDF of one offer document (the signed copy once signed)',
      tags,
      params: OfferDocumentParams,
      querystring: OfferFileQuery,
      produces: ['application/pdf'],
      response: { 200: { description: 'The PDF', type: 'string', format: 'binary' }, ...readErrors },
    }),
    async (request, reply) => {
      const { id, documentId } = request.params;
      const { document, file } = await offers.file(candidateScope(request), id, documentId);
      return sendPrivatePdf(reply, document.name, file.content);
    },
  );

  const documentAccept = candidateRoute('write', {
    summary:
      'Signs one document: a typed signature (embedded letter: full name and terms; e-sign document: nothing, the ' +
      `e-sign record decides) or a signed copy in "${SIGNED_DOCUMENT_FIELD}" (base64 PDF, at most ` +
      `${SIGNED_LETTER_MAX_BYTES / (1024 * 1024)} MB decoded)`,
    tags,
    params: OfferDocumentParams,
    body: AcceptDocumentBody,
    response: { 200: OfferResponse, ...writeErrors, 413: ApiErrorBody },
  });
  routes.post(
    '/api/offer/offers/:id/:documentId/accept',
    {
      ...documentAccept,
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      config: {
        ...documentAccept.config,
        bodyTooLarge: { message: SignedDocumentMessages.tooLarge, field: SIGNED_DOCUMENT_FIELD },
      },
    },
    async (request) => {
      const { id, documentId } = request.params;
      const { body } = request;
      const signature: DocumentSignature =
        SIGNED_DOCUMENT_FIELD in body
          ? { kind: 'copy', content: await readSignedDocument(body[SIGNED_DOCUMENT_FIELD]) }
          : { kind: 'typed', fullName: body.full_name, termsAccepted: body.terms_accepted };
      await offers.acceptDocument(candidateScope(request), id, documentId, signature, new Date(), request.language);
      return answer(request, id);
    },
  );

  routes.post(
    '/api/offer/offers/:id/:documentId/esign_status',
    candidateRoute('write', {
      summary:
        "Reads the e-sign server's record of the document's signing session; marks the document signed when it was",
      tags,
      params: OfferDocumentParams,
      body: EsignStatusBody,
      response: { 200: EsignStatusResponse, ...writeErrors },
    }),
    async (request) => {
      const { id, documentId } = request.params;
      const status = await offers.esignStatus(candidateScope(request), id, documentId, new Date(), request.language);
      return { data: { esign_status: status, offer: (await answer(request, id)).data.offer } };
    },
  );

  routes.post(
    '/api/offer/offers/:id/decline',
    candidateRoute('write', {
      summary: 'Declines an Extended offer (repeating it is harmless)',
      tags,
      params: OfferIdParams,
      body: DeclineOfferBody,
      response: { 200: OfferResponse, ...writeErrors },
    }),
    async (request) => {
      const { id } = request.params;
      await offers.decline(candidateScope(request), id, new Date());
      return answer(request, id);
    },
  );

  // The upload is the only multipart call: the parser is registered for it alone.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: SIGNED_LETTER_MAX_BYTES, files: 1 } });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/offer/offers/:id/accept',
      candidateRoute('write', {
        summary: `Accepts an upload offer with the signed offer letter: multipart/form-data with one PDF (at most ${SIGNED_LETTER_MAX_BYTES / (1024 * 1024)} MB) in "${SIGNED_LETTER_FIELD}" and an optional "domain" field`,
        tags,
        consumes: ['multipart/form-data'],
        params: OfferIdParams,
        querystring: OfferFileQuery,
        response: { 200: OfferResponse, ...writeErrors, 413: ApiErrorBody, 415: ApiErrorBody },
      }),
      async (request) => {
        const { id } = request.params;
        const scope = candidateScope(request);
        const now = new Date();
        const loaded = await offers.load(scope, id);
        offers.checkUpload(loaded, now);
        const upload = await readSignedLetter(request);
        if (upload.domain !== undefined && normalizeDomain(upload.domain) !== scope.domain)
          throw forbiddenDomain(upload.domain);
        if (!(await loadPdf(upload.content))) throw badRequest(UploadMessages.notPdf, SIGNED_LETTER_FIELD);
        await offers.acceptUpload(loaded, upload.content, now);
        return answer(request, id);
      },
    );
  });
}
