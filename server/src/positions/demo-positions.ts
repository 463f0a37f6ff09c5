/**
 * Demo positions: a deterministic set (seeded PRNG) across real cities, departments, employment types, skills and
 * salary ranges, with some remote, some archived and some expired positions, so every filter, map cluster size
 * and empty state can be seen. `seedDemoPositions` adds them to the demo employer once.
 */
import type { Kysely } from 'kysely';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN } from '../db/seed';
import type { Database } from '../db/types';
import { addCandidateSkills, analyzePositions, insertPositions, type NewPosition } from './repository';

/** Real cities with their coordinates (the demo's places; a search by name or by distance finds them). */
export const DEMO_CITIES: ReadonlyArray<{ name: string; lat: number; lng: number; currency: string }> = [
  { name: 'Toronto, ON, Canada', lat: 43.6532, lng: -79.3832, currency: 'CAD' },
  { name: 'Montréal, QC, Canada', lat: 45.5017, lng: -73.5673, currency: 'CAD' },
  { name: 'Vancouver, BC, Canada', lat: 49.2827, lng: -123.1207, currency: 'CAD' },
  { name: 'Calgary, AB, Canada', lat: 51.0447, lng: -114.0719, currency: 'CAD' },
  { name: 'Ottawa, ON, Canada', lat: 45.4215, lng: -75.6972, currency: 'CAD' },
  { name: 'Waterloo, ON, Canada', lat: 43.4643, lng: -80.5204, currency: 'CAD' },
  { name: 'Mississauga, ON, Canada', lat: 43.589, lng: -79.6441, currency: 'CAD' },
  { name: 'Québec City, QC, Canada', lat: 46.8139, lng: -71.208, currency: 'CAD' },
  { name: 'New York, NY, United States', lat: 40.7128, lng: -74.006, currency: 'USD' },
  { name: 'San Francisco, CA, United States', lat: 37.7749, lng: -122.4194, currency: 'USD' },
  { name: 'San Jose, CA, United States', lat: 37.3382, lng: -121.8863, currency: 'USD' },
  { name: 'Los Angeles, CA, United States', lat: 34.0522, lng: -118.2437, currency: 'USD' },
  { name: 'Seattle, WA, United States', lat: 47.6062, lng: -122.3321, currency: 'USD' },
  { name: 'Austin, TX, United States', lat: 30.2672, lng: -97.7431, currency: 'USD' },
  { name: 'Boston, MA, United States', lat: 42.3601, lng: -71.0589, currency: 'USD' },
  { name: 'Chicago, IL, United States', lat: 41.8781, lng: -87.6298, currency: 'USD' },
  { name: 'Pittsburgh, PA, United States', lat: 40.4406, lng: -79.9959, currency: 'USD' },
  { name: 'Detroit, MI, United States', lat: 42.3314, lng: -83.0458, currency: 'USD' },
  { name: 'Denver, CO, United States', lat: 39.7392, lng: -104.9903, currency: 'USD' },
  { name: 'Atlanta, GA, United States', lat: 33.749, lng: -84.388, currency: 'USD' },
  { name: 'Miami, FL, United States', lat: 25.7617, lng: -80.1918, currency: 'USD' },
  { name: 'Raleigh, NC, United States', lat: 35.7796, lng: -78.6382, currency: 'USD' },
  { name: 'Salt Lake City, UT, United States', lat: 40.7608, lng: -111.891, currency: 'USD' },
  { name: 'Phoenix, AZ, United States', lat: 33.4484, lng: -112.074, currency: 'USD' },
  { name: 'Mexico City, Mexico', lat: 19.4326, lng: -99.1332, currency: 'MXN' },
  { name: 'Monterrey, Mexico', lat: 25.6866, lng: -100.3161, currency: 'MXN' },
  { name: 'São Paulo, Brazil', lat: -23.5505, lng: -46.6333, currency: 'BRL' },
  { name: 'Buenos Aires, Argentina', lat: -34.6037, lng: -58.3816, currency: 'ARS' },
  { name: 'Santiago, Chile', lat: -33.4489, lng: -70.6693, currency: 'CLP' },
  { name: 'Bogotá, Colombia', lat: 4.711, lng: -74.0721, currency: 'COP' },
  { name: 'London, United Kingdom', lat: 51.5074, lng: -0.1278, currency: 'GBP' },
  { name: 'Manchester, United Kingdom', lat: 53.4808, lng: -2.2426, currency: 'GBP' },
  { name: 'Edinburgh, United Kingdom', lat: 55.9533, lng: -3.1883, currency: 'GBP' },
  { name: 'Dublin, Ireland', lat: 53.3498, lng: -6.2603, currency: 'EUR' },
  { name: 'Paris, France', lat: 48.8566, lng: 2.3522, currency: 'EUR' },
  { name: 'Lyon, France', lat: 45.764, lng: 4.8357, currency: 'EUR' },
  { name: 'Berlin, Germany', lat: 52.52, lng: 13.405, currency: 'EUR' },
  { name: 'Munich, Germany', lat: 48.1351, lng: 11.582, currency: 'EUR' },
  { name: 'Stuttgart, Germany', lat: 48.7758, lng: 9.1829, currency: 'EUR' },
  { name: 'Amsterdam, Netherlands', lat: 52.3676, lng: 4.9041, currency: 'EUR' },
  { name: 'Eindhoven, Netherlands', lat: 51.4416, lng: 5.4697, currency: 'EUR' },
  { name: 'Zürich, Switzerland', lat: 47.3769, lng: 8.5417, currency: 'CHF' },
  { name: 'Madrid, Spain', lat: 40.4168, lng: -3.7038, currency: 'EUR' },
  { name: 'Barcelona, Spain', lat: 41.3874, lng: 2.1686, currency: 'EUR' },
  { name: 'Milan, Italy', lat: 45.4642, lng: 9.19, currency: 'EUR' },
  { name: 'Stockholm, Sweden', lat: 59.3293, lng: 18.0686, currency: 'SEK' },
  { name: 'Copenhagen, Denmark', lat: 55.6761, lng: 12.5683, currency: 'DKK' },
  { name: 'Warsaw, Poland', lat: 52.2297, lng: 21.0122, currency: 'PLN' },
  { name: 'Prague, Czechia', lat: 50.0755, lng: 14.4378, currency: 'CZK' },
  { name: 'Tel Aviv, Israel', lat: 32.0853, lng: 34.7818, currency: 'ILS' },
  { name: 'Dubai, United Arab Emirates', lat: 25.2048, lng: 55.2708, currency: 'AED' },
  { name: 'Bengaluru, India', lat: 12.9716, lng: 77.5946, currency: 'INR' },
  { name: 'Hyderabad, India', lat: 17.385, lng: 78.4867, currency: 'INR' },
  { name: 'Pune, India', lat: 18.5204, lng: 73.8567, currency: 'INR' },
  { name: 'Singapore', lat: 1.3521, lng: 103.8198, currency: 'SGD' },
  { name: 'Tokyo, Japan', lat: 35.6762, lng: 139.6503, currency: 'JPY' },
  { name: 'Osaka, Japan', lat: 34.6937, lng: 135.5023, currency: 'JPY' },
  { name: 'Seoul, South Korea', lat: 37.5665, lng: 126.978, currency: 'KRW' },
  { name: 'Shenzhen, China', lat: 22.5431, lng: 114.0579, currency: 'CNY' },
  { name: 'Sydney, NSW, Australia', lat: -33.8688, lng: 151.2093, currency: 'AUD' },
  { name: 'Melbourne, VIC, Australia', lat: -37.8136, lng: 144.9631, currency: 'AUD' },
  { name: 'Auckland, New Zealand', lat: -36.8485, lng: 174.7633, currency: 'NZD' },
];

/** Departments, each with its job titles and the skills its positions ask for. */
const DEPARTMENTS: ReadonlyArray<{ name: string; titles: string[]; skills: string[] }> = [
  {
    name: 'Engineering',
    titles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Robotics Software Engineer',
      'Backend Engineer',
      'Frontend Engineer',
      'Site Reliability Engineer',
      'Embedded Software Engineer',
      'Engineering Manager',
    ],
    skills: [
      'TypeScript',
      'React',
      'Node.js',
      'Go',
      'Rust',
      'C++',
      'Python',
      'Kubernetes',
      'PostgreSQL',
      'AWS',
      'Linux',
    ],
  },
  {
    name: 'Robotics',
    titles: [
      'Robotics Technician',
      'Motion Planning Engineer',
      'Controls Engineer',
      'Senior Controls Engineer',
      'Perception Engineer',
      'Field Robotics Lead',
    ],
    skills: ['ROS', 'C++', 'Python', 'Computer Vision', 'SLAM', 'Control Theory', 'MATLAB', 'Embedded C', 'Linux'],
  },
  {
    name: 'Data Science',
    titles: [
      'Data Scientist',
      'Machine Learning Engineer',
      'Data Engineer',
      'Analytics Engineer',
      'Research Scientist',
    ],
    skills: ['Python', 'SQL', 'PyTorch', 'TensorFlow', 'Statistics', 'Spark', 'dbt', 'Machine Learning'],
  },
  {
    name: 'Manufacturing',
    titles: [
      'Manufacturing Engineer',
      'Production Supervisor',
      'Quality Engineer',
      'Assembly Technician',
      'Warehouse Automation Lead',
    ],
    skills: ['Lean Manufacturing', 'Six Sigma', 'CAD', 'PLC Programming', 'Quality Control', 'Safety'],
  },
  {
    name: 'Field Service',
    titles: ['Field Service Technician', 'Field Service Engineer', 'Customer Support Engineer', 'Service Manager'],
    skills: ['Troubleshooting', 'Electrical Systems', 'Customer Service', 'Hydraulics', 'PLC Programming', 'Safety'],
  },
  {
    name: 'Product',
    titles: ['Product Manager', 'Senior Product Manager', 'Product Designer', 'UX Researcher', 'Technical Writer'],
    skills: ['Product Strategy', 'User Research', 'Figma', 'Roadmapping', 'SQL', 'Communication'],
  },
  {
    name: 'Sales',
    titles: ['Account Executive', 'Sales Engineer', 'Solutions Consultant', 'Sales Development Representative'],
    skills: ['Negotiation', 'Salesforce', 'Communication', 'Solution Selling', 'Presentations'],
  },
  {
    name: 'Marketing',
    titles: ['Product Marketing Manager', 'Content Marketing Manager', 'Marketing Analyst', 'Brand Designer'],
    skills: ['Copywriting', 'SEO', 'Google Analytics', 'Communication', 'Figma', 'Presentations'],
  },
  {
    name: 'Finance',
    titles: ['Financial Analyst', 'Accountant', 'Payroll Specialist', 'Controller'],
    skills: ['Excel', 'Financial Modeling', 'GAAP', 'SAP', 'Forecasting'],
  },
  {
    name: 'People',
    titles: ['Recruiter', 'Technical Recruiter', 'HR Business Partner', 'People Operations Specialist'],
    skills: ['Interviewing', 'Workday', 'Employment Law', 'Communication', 'Onboarding'],
  },
];

const EMPLOYMENT_TYPES = [
  'Full-time',
  'Full-time',
  'Full-time',
  'Full-time',
  'Part-time',
  'Contract',
  'Internship',
  'Temporary',
];

/** Salary bands (yearly, in thousands of the local currency's USD equivalent) scaled per currency. */
const CURRENCY_SCALE: Record<string, number> = {
  USD: 1,
  CAD: 1.35,
  EUR: 0.92,
  GBP: 0.79,
  CHF: 0.9,
  SEK: 10.5,
  DKK: 6.9,
  PLN: 4,
  CZK: 23,
  ILS: 3.7,
  AED: 3.67,
  INR: 83,
  SGD: 1.35,
  JPY: 150,
  KRW: 1350,
  CNY: 7.2,
  AUD: 1.5,
  NZD: 1.65,
  MXN: 17,
  BRL: 5,
  ARS: 900,
  CLP: 900,
  COP: 3900,
};

/** A small, fast seeded PRNG (mulberry32): the same seed gives the same positions on every machine. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DAY = 24 * 3600 * 1000;

/** `count` positions for `domain`, dated relative to `now`; deterministic for a seed. */
export function generateDemoPositions(options: {
  domain: string;
  count: number;
  now: Date;
  seed?: number;
  company?: string;
}): NewPosition[] {
  const random = prng(options.seed ?? 20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // Bigger hubs get more positions: a skewed pick over the city list makes every marker size appear.
  const city = () => DEMO_CITIES[Math.floor(DEMO_CITIES.length * random() ** 2.2)]!;
  const company = options.company ?? 'Acme Robotics';
  const positions: NewPosition[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const department = pick(DEPARTMENTS);
    const title = pick(department.titles);
    const employmentType = pick(EMPLOYMENT_TYPES);
    const skills = [...department.skills].sort(() => random() - 0.5).slice(0, 3 + Math.floor(random() * 4));
    const roll = random();
    const remote = roll < 0.15;
    const places = remote && random() < 0.3 ? [] : [city()];
    if (!remote && random() < 0.12) {
      const second = city();
      if (second !== places[0]) places.push(second);
    }
    const currency = places[0]?.currency ?? 'USD';
    const base = 45 + Math.floor(random() * 120);
    const scale = CURRENCY_SCALE[currency] ?? 1;
    const hasSalary = employmentType !== 'Internship' || random() < 0.5;
    const postedDaysAgo = Math.floor(random() ** 1.5 * 120);
    const postedAt = new Date(options.now.getTime() - postedDaysAgo * DAY - Math.floor(random() * DAY));
    const state = random();
    // About 4 % archived and 4 % expired: they must never appear in search.
    const archivedAt = state < 0.04 ? new Date(options.now.getTime() - Math.floor(random() * 10) * DAY - DAY) : null;
    const validThrough =
      state >= 0.04 && state < 0.08
        ? new Date(options.now.getTime() - Math.floor(random() * 10) * DAY - DAY)
        : random() < 0.6
          ? new Date(postedAt.getTime() + (60 + Math.floor(random() * 90)) * DAY)
          : null;
    const where = remote ? 'remotely' : `in ${places.map((place) => place.name.split(',')[0]).join(' or ')}`;
    positions.push({
      domain: options.domain,
      title,
      description:
        `<p>${escapeHtml(company)} is hiring a <strong>${escapeHtml(title)}</strong> for the ${escapeHtml(department.name)} team, working ${escapeHtml(where)}.</p>` +
        `<h3>What you will do</h3><ul><li>Work with ${escapeHtml(skills.slice(0, 2).join(' and '))} every day.</li>` +
        `<li>Ship work that helps our robots run safely in warehouses around the world.</li></ul>` +
        `<h3>What you bring</h3><ul>${skills.map((skill) => `<li>${escapeHtml(skill)}</li>`).join('')}</ul>`,
      department: department.name,
      employmentType,
      remote,
      salaryMin: hasSalary ? Math.round(base * scale) * 1000 : null,
      salaryMax: hasSalary ? Math.round((base + 15 + Math.floor(random() * 40)) * scale) * 1000 : null,
      salaryCurrency: hasSalary ? currency : null,
      skills,
      locations: places.map(({ name, lat, lng }) => ({ name, lat, lng })),
      postedAt: postedAt.toISOString(),
      validThrough: validThrough?.toISOString() ?? null,
      archivedAt: archivedAt?.toISOString() ?? null,
    });
  }
  return positions;
}

/** How many positions the demo employer gets. */
const DEMO_POSITION_COUNT = 2000;

/** Adds `count` demo positions (default 2,000) when the employer has none yet. Returns how many it added. */
export async function seedDemoPositions(
  db: Kysely<Database>,
  options: { domain: string; count?: number; now?: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('positions')
      .select('id')
      .where('domain', '=', options.domain)
      .limit(1)
      .executeTakeFirst();
    if (existing) return 0;
    const positions = generateDemoPositions({
      domain: options.domain,
      count: options.count ?? DEMO_POSITION_COUNT,
      now: options.now ?? new Date(),
    });
    await insertPositions(trx, positions);
    return positions.length;
  });
}

/** Profile skills of the demo candidate, so match details have something to explain (others have none yet). */
const DEMO_CANDIDATE_SKILLS = ['TypeScript', 'React', 'Python', 'ROS', 'C++', 'SQL', 'Communication', 'Linux'];

/**
 * The demo search data, once: 2,000 positions for the demo employer and the demo candidate's profile skills.
 * Does nothing without the demo employer, or when it has positions already. Returns whether it added anything.
 */
export async function seedDemoSearchData(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const employer = await db
    .selectFrom('employers')
    .select('domain')
    .where('domain', '=', DEMO_DOMAIN)
    .executeTakeFirst();
  if (!employer) return false;
  const added = await seedDemoPositions(db, { domain: DEMO_DOMAIN, now });
  if (added === 0) return false;
  await analyzePositions(db);
  const casey = await db
    .selectFrom('candidates')
    .select('id')
    .where('domain', '=', DEMO_DOMAIN)
    .where('email', '=', DEMO_CANDIDATE_EMAIL)
    .executeTakeFirst();
  if (casey) await addCandidateSkills(db, casey.id, DEMO_CANDIDATE_SKILLS);
  return true;
}
