import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_LETTER_MAX_BYTES } from '../src/contract';
import { documentNameOf, OFFER_USAGE, parseOfferArgs, runOfferCommand } from '../src/offers/offer-command';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, runCommandOn, tempDir, useTestDatabase } from './helpers';
import { latestNotification, letterPdf } from './offer-helpers';

const database = useTestDatabase();
const dir = tempDir('offer-command');
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  const pdf = Buffer.from(await letterPdf());
  fs.writeFileSync(file('offer-letter.pdf'), pdf);
  fs.writeFileSync(file('benefits_summary.pdf'), pdf);
  fs.writeFileSync(file('nda.pdf'), pdf);
  fs.writeFileSync(file('picture.pdf'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  fs.writeFileSync(file('fake.pdf'), '%PDF-1.4\nnot really\n');
  fs.writeFileSync(file('huge.pdf'), Buffer.concat([pdf, Buffer.alloc(SIGNED_LETTER_MAX_BYTES, 0x0a)]));
  fs.mkdirSync(file('folder.pdf'));
});

const run = (argv: string[]) => runCommandOn(database.db, runOfferCommand, argv);

const base = () => ['--email', DEMO_CANDIDATE_EMAIL, '--position', 'Motion Planning Engineer'];

describe('offer command', () => {
  it('extends an offer with several documents and prints its enc_id', async () => {
    const result = await run([
      ...base(),
      '--expires-in-days',
      '14',
      '--document',
      file('offer-letter.pdf'),
      '--document',
      `${file('benefits_summary.pdf')}:Benefits`,
      '--document',
      `${file('nda.pdf')}:Policy:esign`,
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.err).toContain(`/careers/offer/${result.out}?domain=${DEMO_DOMAIN}`);
    const offer = await database.db
      .selectFrom('offers')
      .selectAll()
      .where('enc_id', '=', result.out)
      .executeTakeFirstOrThrow();
    expect(offer).toMatchObject({
      position_name: 'Motion Planning Engineer',
      status: 'Extended',
      acceptance: 'documents',
      domain: DEMO_DOMAIN,
    });
    const days = (Date.parse(offer.expires_at!) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    const documents = await database.db
      .selectFrom('offer_documents')
      .selectAll()
      .where('offer_id', '=', offer.id)
      .orderBy('id')
      .execute();
    expect(
      documents.map((document) => [document.name, document.document_type, document.signing, document.status]),
    ).toEqual([
      ['Offer letter', 'Offer', 'embedded', 'Unsigned'],
      ['Benefits summary', 'Benefits', 'none', 'Read Only'],
      ['Nda', 'Policy', 'esign', 'Unsigned'],
    ]);
    const sessions = await database.db
      .selectFrom('esign_sessions')
      .selectAll()
      .where('document_id', '=', documents[2]!.id)
      .execute();
    expect(sessions).toHaveLength(1);
    const note = await latestNotification(database.db);
    expect(note).toMatchObject({
      category_title: 'Job offer',
      notification_type: 'action_required',
      redirect_url: `/careers/offer/${result.out}?domain=${DEMO_DOMAIN}`,
    });
    expect(note.message).toContain('Motion Planning Engineer');
  });

  it('extends an upload offer expiring at the end of a given day', async () => {
    const result = await run([
      ...base(),
      '--domain',
      DEMO_DOMAIN,
      '--acceptance',
      'upload',
      '--expires',
      '2099-12-31',
      '--document',
      file('offer-letter.pdf'),
    ]);
    expect(result.code).toBe(0);
    const offer = await database.db
      .selectFrom('offers')
      .selectAll()
      .where('enc_id', '=', result.out)
      .executeTakeFirstOrThrow();
    expect(offer).toMatchObject({ acceptance: 'upload', expires_at: '2099-12-31T23:59:59.999Z' });
  });

  it('prints help', async () => {
    const result = await run(['--help']);
    expect(result).toMatchObject({ code: 0, opened: false });
    expect(result.out).toBe(OFFER_USAGE);
    expect(OFFER_USAGE).toContain('--document');
  });

  it.each([
    [['--position', 'X', '--document', 'a.pdf'], '--email is required'],
    [['--email', 'nope', '--position', 'X', '--document', 'a.pdf'], '--email "nope" is not a valid email address'],
    [['--email', DEMO_CANDIDATE_EMAIL, '--document', 'a.pdf'], '--position is required'],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'x'.repeat(201)], '--document', 'a.pdf'],
      'at most 200 characters',
    ],
    [[...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X']], '--document is required'],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--domain', 'not a domain', '--document', 'a.pdf'],
      '--domain',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--expires', '2099-02-30', '--document', 'a.pdf'],
      '--expires must be a date',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--expires', '2001-01-01', '--document', 'a.pdf'],
      'is in the past',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--expires-in-days', '0', '--document', 'a.pdf'],
      'from 1 to 3650',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--expires-in-days', '1.5', '--document', 'a.pdf'],
      'from 1 to 3650',
    ],
    [
      [
        ...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'],
        '--expires',
        '2099-01-01',
        '--expires-in-days',
        '3',
        '--document',
        'a.pdf',
      ],
      'not both',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--acceptance', 'fax', '--document', 'a.pdf'],
      '--acceptance must be documents or upload',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--document', 'a.pdf:Offer:ink'],
      'signing must be embedded, esign or none',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--document', 'a.pdf:9lives'],
      'must start with a letter',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--document', 'a:b:c:d'],
      'must be file.pdf[:Type[:embedded|esign|none]]',
    ],
    [
      [...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--document', 'a.pdf:Benefits'],
      'At least one document must need a signature',
    ],
    [
      [
        ...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'],
        '--acceptance',
        'upload',
        '--document',
        'a.pdf',
        '--document',
        'b.pdf:Policy:embedded',
      ],
      'exactly one document to sign',
    ],
    [
      [
        ...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'],
        '--acceptance',
        'upload',
        '--document',
        'a.pdf:Offer:esign',
      ],
      'cannot use esign',
    ],
    [[...['--email', DEMO_CANDIDATE_EMAIL, '--position', 'X'], '--bogus', '1', '--document', 'a.pdf'], 'bogus'],
  ])('rejects %j (exit 2, database untouched)', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.opened).toBe(false);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage:');
  });

  it.each([
    ['missing.pdf', 'file not found'],
    ['folder.pdf', 'not a file'],
    ['picture.pdf', 'not a PDF'],
    ['fake.pdf', 'not a PDF'],
    ['huge.pdf', 'MB limit'],
  ])('checks each document: %s', async (name, message) => {
    const result = await run([...base(), '--document', file(name)]);
    expect(result.code).toBe(2);
    expect(result.opened).toBe(false);
    expect(result.err).toContain(message);
  });

  it('exits 1 when the candidate is unknown', async () => {
    const result = await run([
      '--email',
      'nobody@example.com',
      '--position',
      'X',
      '--document',
      file('offer-letter.pdf'),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('No candidate with email nobody@example.com');
  });

  it('parses defaults and names documents after their files', () => {
    const input = parseOfferArgs([...base(), '--document', 'letter.pdf', '--document', 'x.pdf:Policy'], new Date());
    expect(input).toMatchObject({ acceptance: 'documents', expiresAt: null });
    expect(input !== 'help' && input.documents).toEqual([
      { file: 'letter.pdf', documentType: 'Offer', signing: 'embedded' },
      { file: 'x.pdf', documentType: 'Policy', signing: 'none' },
    ]);
    expect(documentNameOf('/tmp/benefits-summary_2026.PDF')).toBe('Benefits summary 2026');
  });
});
