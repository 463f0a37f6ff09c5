import { useTestApp } from './helpers';

const ctx = useTestApp();

interface BodySchema {
  properties?: Record<string, unknown>;
  required?: string[];
  anyOf?: BodySchema[];
  title?: string;
  description?: string;
}
interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: BodySchema }> };
  responses: Record<string, unknown>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('GET /api/openapi.json', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json() as Doc;
  });

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it.each([
    ['get', '/api/pcsx/notifications_boot_data'],
    ['get', '/api/pcsx/notifications'],
    ['get', '/api/pcsx/notification_badge'],
    ['post', '/api/pcsx/notifications/mark_all_viewed'],
    ['post', '/api/pcsx/notifications/{id}/mark_clicked'],
    ['post', '/api/pcsx/notifications/mark_all_clicked'],
    ['post', '/vslog'],
    ['post', '/api/auth/login'],
    ['post', '/api/auth/logout'],
    ['get', '/api/auth/logout'],
    ['get', '/logout'],
    ['get', '/careers/login'],
    ['get', '/careers'],
    ['get', '/api/offer/offers'],
    ['get', '/api/offer/{id}'],
    ['get', '/api/offer/offers/{id}/documents/{documentId}/file'],
    ['post', '/api/offer/offers/{id}/{documentId}/accept'],
    ['post', '/api/offer/offers/{id}/{documentId}/esign_status'],
    ['post', '/api/offer/offers/{id}/accept'],
    ['post', '/api/offer/offers/{id}/decline'],
    ['get', '/api/pcsx/terms_of_service'],
    ['post', '/api/pcsx/terms_of_service'],
    ['post', '/api/pcsx/onboarding'],
    ['post', '/api/pcsx/profile_bootstrap'],
    ['get', '/api/pcsx/forms_list'],
    ['get', '/api/pcsx/form'],
    ['post', '/api/pcsx/form'],
  ])('describes %s %s', (method, path) => {
    expect(doc.paths[path]?.[method]).toBeDefined();
  });

  it('carries the contract schemas for parameters, bodies and answers', () => {
    const list = doc.paths['/api/pcsx/notifications']!.get!;
    expect(list.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'domain', in: 'query', required: false }),
        expect.objectContaining({ name: 'type_filter', in: 'query', required: false }),
      ]),
    );
    expect(JSON.stringify(list.responses['200'])).toContain('"notificationType"');
    expect(list.responses['401']).toBeDefined();

    const click = doc.paths['/api/pcsx/notifications/{id}/mark_clicked']!.post!;
    expect(click.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
    expect(click.requestBody!.content['application/json']!.schema.required).toBeUndefined();
    expect(Object.keys(click.requestBody!.content['application/json']!.schema.properties!)).toEqual(['domain']);
    expect(click.requestBody!.required).toBe(false);

    expect((list as { security?: unknown }).security).toEqual([{ session: [] }]);
    expect((click as { security?: unknown }).security).toEqual([{ session: [], csrf: [] }]);

    const vslog = doc.paths['/vslog']!.post!;
    expect(Object.keys(vslog.requestBody!.content['application/json']!.schema.properties!)).toEqual([
      'namespace',
      'event',
      'data_json',
    ]);

    const login = doc.paths['/api/auth/login']!.post!;
    expect(Object.keys(login.requestBody!.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('describes the offer answers and the upload', () => {
    const one = doc.paths['/api/offer/{id}']!.get!;
    expect(JSON.stringify(one.responses['200'])).toContain('"offer_documents"');
    const upload = doc.paths['/api/offer/offers/{id}/accept']!.post! as Operation & { summary?: string };
    expect(upload.summary).toContain('signed_offer_letter_pdf_file');
    expect(upload.responses['413']).toBeDefined();
    const sign = doc.paths['/api/offer/offers/{id}/{documentId}/accept']!.post!;
    const shapes = sign.requestBody!.content['application/json']!.schema.anyOf!;
    expect(shapes.map((shape) => [shape.title, Object.keys(shape.properties!), shape.required])).toEqual([
      ['Typed signature', ['domain', 'full_name', 'terms_accepted'], undefined],
      ['Signed copy', ['domain', 'signed_document_file'], ['signed_document_file']],
    ]);
    for (const shape of shapes) expect(shape.description).toEqual(expect.any(String));
    expect(sign.requestBody!.required).toBe(false);
    expect(sign.responses['413']).toBeDefined();
  });

  it('marks the domain optional and the bodies of no-body calls optional', () => {
    for (const path of ['/api/offer/offers', '/api/offer/{id}', '/api/pcsx/terms_of_service']) {
      expect(doc.paths[path]!.get!.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'domain', in: 'query', required: false })]),
      );
    }
    for (const path of [
      '/api/offer/offers/{id}/decline',
      '/api/offer/offers/{id}/{documentId}/esign_status',
      '/api/pcsx/onboarding',
      '/api/pcsx/terms_of_service',
    ]) {
      expect(doc.paths[path]!.post!.requestBody!.required).toBe(false);
    }
    expect(doc.paths['/api/pcsx/profile_bootstrap']!.post!.requestBody!.required).toBe(true);
    expect(doc.paths['/vslog']!.post!.requestBody!.required).toBe(true);
  });

  it('leaves static file routes out', () => {
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/widgets') || path.startsWith('/host-demo'))).toBe(
      false,
    );
  });
});
