import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawableText, wrapText } from './pdf';

/*
 * Demo PDFs made with pdf-lib when the database is seeded: a one-to-two page offer letter, a long benefits
 * summary (to exercise lazy page rendering), a policy to e-sign and a short relocation note.
 */

const PAGE: [number, number] = [612, 792];
const MARGIN = 64;
const TEAL = rgb(0.04, 0.42, 0.42);
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.4, 0.45);
/** Fixed creation date, so the same inputs give the same bytes. */
const CREATED = new Date('2025-01-01T00:00:00.000Z');

class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly header: string,
  ) {
    this.newPage();
  }

  static async create(title: string, header: string): Promise<Writer> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setAuthor(header);
    pdf.setProducer('Careers reference server');
    pdf.setCreator('Careers reference server');
    pdf.setCreationDate(CREATED);
    pdf.setModificationDate(CREATED);
    const [regular, bold] = await Promise.all([
      pdf.embedFont(StandardFonts.Helvetica),
      pdf.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new Writer(pdf, regular, bold, header);
  }

  private get width(): number {
    return PAGE[0] - MARGIN * 2;
  }

  newPage(): void {
    this.page = this.pdf.addPage(PAGE);
    this.pageNumber += 1;
    this.page.drawText(drawableText(this.bold, this.header), {
      x: MARGIN,
      y: PAGE[1] - 40,
      size: 10,
      font: this.bold,
      color: TEAL,
    });
    this.page.drawLine({
      start: { x: MARGIN, y: PAGE[1] - 48 },
      end: { x: PAGE[0] - MARGIN, y: PAGE[1] - 48 },
      thickness: 0.75,
      color: TEAL,
    });
    this.page.drawText(`Page ${this.pageNumber}`, {
      x: PAGE[0] - MARGIN - 40,
      y: 36,
      size: 9,
      font: this.regular,
      color: GREY,
    });
    this.y = PAGE[1] - 84;
  }

  private ensure(height: number): void {
    if (this.y - height < 72) this.newPage();
  }

  heading(text: string, size = 18): void {
    this.ensure(size * 2.2);
    this.y -= size * 0.4;
    this.page.drawText(drawableText(this.bold, text), { x: MARGIN, y: this.y, size, font: this.bold, color: INK });
    this.y -= size * 1.3;
  }

  paragraph(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrapText(font, drawableText(font, text), size, this.width)) {
      this.ensure(size * 1.5);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: INK });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 8;
  }

  rows(rows: Array<[string, string]>): void {
    for (const [label, value] of rows) {
      this.ensure(18);
      this.page.drawText(drawableText(this.bold, label), {
        x: MARGIN,
        y: this.y,
        size: 11,
        font: this.bold,
        color: INK,
      });
      this.page.drawText(drawableText(this.regular, value), {
        x: MARGIN + 150,
        y: this.y,
        size: 11,
        font: this.regular,
        color: INK,
      });
      this.y -= 17;
    }
    this.y -= 8;
  }

  signatureLine(label: string): void {
    this.ensure(60);
    this.y -= 28;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + 240, y: this.y },
      thickness: 0.75,
      color: INK,
    });
    this.page.drawText(drawableText(this.regular, label), {
      x: MARGIN,
      y: this.y - 14,
      size: 9,
      font: this.regular,
      color: GREY,
    });
    this.y -= 34;
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}

export interface OfferLetterDetails {
  companyName: string;
  candidateName: string;
  positionName: string;
  salary: string;
  startDate: string;
  location: string;
  managerName?: string;
  /** Extra paragraphs (for example for a contract or a multi-step offer). */
  notes?: string[];
}

/** A realistic offer letter (one to two pages). */
export async function offerLetterPdf(details: OfferLetterDetails): Promise<Uint8Array> {
  const w = await Writer.create(`Offer letter - ${details.positionName}`, details.companyName);
  w.heading('Offer of employment', 20);
  w.paragraph(`Dear ${details.candidateName},`);
  w.paragraph(
    `On behalf of ${details.companyName}, we are delighted to offer you the position of ${details.positionName}. ` +
      'We were impressed by your experience and by the conversations you had with the team, and we believe you will make a real difference here.',
  );
  w.rows([
    ['Position', details.positionName],
    ['Annual base salary', details.salary],
    ['Start date', details.startDate],
    ['Work location', details.location],
    ['Reports to', details.managerName ?? 'Director of Engineering'],
    ['Employment type', 'Full-time, permanent'],
  ]);
  w.heading('Compensation and benefits', 13);
  w.paragraph(
    'Your salary will be paid every two weeks, less applicable withholdings. You will be eligible for the annual performance bonus plan, ' +
      'with a target of 10% of your base salary, pro-rated for your first year.',
  );
  w.paragraph(
    'You will be eligible for the company benefits program from your first day, including health, dental and vision coverage, ' +
      'a retirement savings plan with a 4% employer match, and 20 days of paid vacation per year. The enclosed benefits summary describes each plan.',
  );
  w.heading('Conditions of this offer', 13);
  w.paragraph(
    'This offer is conditional on the satisfactory completion of a background check, proof of your eligibility to work in the country of ' +
      'employment, and your agreement to the company policies provided with this letter, including the confidentiality and invention assignment agreement.',
  );
  for (const note of details.notes ?? []) w.paragraph(note);
  w.paragraph(
    'To accept this offer, please sign this letter electronically before the expiry date shown in the careers site. If you have any questions, ' +
      'your recruiter will be happy to help.',
  );
  w.paragraph(`We look forward to welcoming you to ${details.companyName}.`);
  w.paragraph('Sincerely,', { gap: 2 });
  w.paragraph('Morgan Lee, Head of Talent Acquisition', { bold: true });
  w.signatureLine(`Candidate signature - ${details.candidateName}`);
  return w.save();
}

const BENEFIT_TOPICS: Array<[string, string[]]> = [
  [
    'Medical coverage',
    [
      'Choose between the Core and Plus medical plans. Both cover doctor visits, hospital stays, prescriptions and mental health care.',
      'Preventive care, such as annual check-ups and vaccinations, is covered at 100% in network.',
    ],
  ],
  [
    'Dental coverage',
    [
      'Preventive dental care is covered at 100%, basic services at 80% and major services at 50%, up to the annual maximum.',
      'Orthodontic coverage is available for dependent children under 19.',
    ],
  ],
  [
    'Vision coverage',
    ['An eye exam every 12 months and an allowance for frames, lenses or contact lenses every 24 months.'],
  ],
  [
    'Retirement savings',
    [
      'The company matches 100% of your contributions up to 4% of your eligible pay. Matching contributions vest immediately.',
      'You can change your contribution rate at any time through the benefits portal.',
    ],
  ],
  [
    'Paid time off',
    [
      'Full-time employees receive 20 days of vacation per year, accrued each pay period, plus 10 paid holidays and 2 floating holidays.',
      'Up to 5 unused vacation days can be carried into the next year.',
    ],
  ],
  [
    'Sick leave and wellness days',
    [
      'You receive 10 paid sick days per year for your own health needs or to care for a family member.',
      'Two wellness days per year can be used for rest, appointments or volunteering.',
    ],
  ],
  [
    'Parental leave',
    [
      'Birth parents receive up to 16 weeks of fully paid leave; non-birth and adoptive parents receive up to 12 weeks.',
      'A phased return to work over four weeks is available after parental leave.',
    ],
  ],
  [
    'Life and disability insurance',
    [
      'Basic life insurance of two times your annual salary is provided at no cost. Short-term and long-term disability coverage replace part of your income if you cannot work because of illness or injury.',
    ],
  ],
  [
    'Employee assistance program',
    ['Free, confidential counselling and advice for you and your family, available 24 hours a day, 7 days a week.'],
  ],
  [
    'Learning and development',
    [
      'An annual learning budget of 2,000 for courses, conferences, certifications and books related to your role.',
      'Internal mentorship and technical talks run every month.',
    ],
  ],
  [
    'Commuter and remote work',
    [
      'Transit passes are reimbursed up to the monthly limit. Hybrid employees receive a one-time home office allowance.',
    ],
  ],
  [
    'Fitness and wellbeing',
    ['A monthly wellbeing allowance can be used for gym memberships, fitness classes or wellbeing apps.'],
  ],
  [
    'Equity program',
    ['Eligible employees may receive restricted stock units that vest over four years, subject to the plan documents.'],
  ],
  [
    'Employee discounts',
    ['Discounts on company products, partner services and local businesses are listed in the benefits portal.'],
  ],
  [
    'Enrolment',
    [
      'You have 31 days from your start date to enrol in your benefits. If you do not enrol, you will receive the default Core coverage for yourself only.',
      'Changes outside the enrolment window are possible after a qualifying life event.',
    ],
  ],
];

/** A long benefits summary (about `pages` pages). */
export async function benefitsSummaryPdf(companyName: string, pages = 20): Promise<Uint8Array> {
  const w = await Writer.create(`${companyName} benefits summary`, `${companyName} - Benefits summary`);
  w.heading('Your benefits at a glance', 22);
  w.paragraph(
    `This summary describes the benefits ${companyName} offers to full-time employees. The official plan documents govern in case of any difference.`,
  );
  for (let section = 0; section < pages; section += 1) {
    const [title, paragraphs] = BENEFIT_TOPICS[section % BENEFIT_TOPICS.length]!;
    if (section > 0) w.newPage();
    w.heading(`${section + 1}. ${title}`);
    for (const text of paragraphs) w.paragraph(text);
    w.paragraph(
      'Coverage levels, deductibles and contribution amounts are reviewed each year. Employee contributions are deducted from your pay before tax where the law allows. ' +
        'Questions about this section can be sent to the benefits team through the employee portal.',
    );
    w.rows([
      ['Eligibility', 'From your first day'],
      ['Coverage for', 'You, your spouse or partner, and dependants'],
      ['Employee cost', section % 3 === 0 ? 'None' : 'Shared, see the rate sheet'],
    ]);
  }
  return w.save();
}

/** A policy acknowledgement to sign through the e-sign server. */
export async function policyPdf(
  companyName: string,
  title = 'Confidentiality and invention assignment agreement',
): Promise<Uint8Array> {
  const w = await Writer.create(title, companyName);
  w.heading(title, 18);
  w.paragraph(
    `This agreement is between ${companyName} and the employee named in the offer letter. It protects confidential information ` +
      'and clarifies the ownership of work created during employment.',
  );
  const sections = [
    [
      'Confidential information',
      'You agree not to disclose confidential information, including source code, designs, customer data and business plans, during or after your employment, except as your role requires.',
    ],
    [
      'Inventions',
      'Inventions you create within the scope of your employment, or using company resources, belong to the company. You agree to help the company secure its rights in them.',
    ],
    [
      'Prior inventions',
      'Inventions you made before your employment remain yours. You may list them in the schedule to this agreement.',
    ],
    [
      'Return of property',
      'When your employment ends, you will return all company property and documents, including copies.',
    ],
    [
      'Acceptable use',
      'Company systems are provided for business purposes. You agree to follow the information security policy and to report any suspected security incident promptly.',
    ],
    [
      'General',
      'This agreement is governed by the laws of the place of employment. If a part of it cannot be enforced, the rest remains in effect.',
    ],
  ];
  for (const [heading, text] of sections) {
    w.heading(heading!, 13);
    w.paragraph(text!);
    w.paragraph(
      'You acknowledge that you have had the opportunity to ask questions about this section and to seek independent advice before signing.',
    );
  }
  return w.save();
}
