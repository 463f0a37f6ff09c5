import { gazetteer } from '../geo/gazetteer';
import { textKey } from '../positions/text';

/** What a resume's text gives for the profile; each field only when found. */
export interface ResumeFacts {
  firstname?: string;
  lastname?: string;
  phone?: string;
  location?: string;
  summary?: string;
  /** Skills of the vocabulary named in the resume, as the vocabulary spells them. */
  skills: string[];
}

const HEADINGS =
  /^(summary|profile|professional summary|about( me)?|objective|experience|work experience|employment( history)?|education|skills|technical skills|languages|links|projects|certifications|references|interests)\s*:?$/i;
const SUMMARY_HEADING = /^(summary|profile|professional summary|about( me)?|objective)\s*:?$/i;
const NAME_LINE = /^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’.-]*){1,3}$/u;
const NOT_A_NAME = /\b(resume|résumé|curriculum|vitae|cv)\b/i;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})(?:[\s.-]?\d{2,4}){2,3}/g;
const LOCATION_LABEL = /^(?:location|address|based in|city)\s*:\s*(.+)$/i;
const CITY_REGION = /(\p{Lu}[\p{L}.'’-]+(?: \p{Lu}[\p{L}.'’-]+){0,3}), ?(\p{Lu}{2})\b/gu;
const WORD_CHAR = '[\\p{L}\\p{N}+#]';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `skill` is named in the text: whole words; short names (Go, R, SQL, C++) only as written, in capitals. */
function mentions(skill: string, text: string, folded: string): boolean {
  const short = skill.replace(/\s+/g, '').length <= 3;
  const needle = short ? skill.trim() : textKey(skill);
  if (!needle) return false;
  const pattern = new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(needle).replace(/ /g, '\\s+')}(?!${WORD_CHAR})`, 'u');
  return pattern.test(short ? text : folded);
}

function findPhone(text: string): string | undefined {
  for (const match of text.matchAll(PHONE)) {
    const digits = match[0].replace(/\D/g, '');
    // Dates and years are shorter; an id or a long number is longer.
    if (digits.length >= 10 && digits.length <= 15) return match[0].trim();
  }
  return undefined;
}

function findLocation(lines: string[]): string | undefined {
  for (const line of lines) {
    const labelled = LOCATION_LABEL.exec(line);
    if (labelled?.[1]) return labelled[1].trim().slice(0, 200);
  }
  // "City, XX" the gazetteer knows (so a "Smith, JD" is not taken for a place), in the first lines.
  for (const line of lines.slice(0, 15)) {
    for (const match of line.matchAll(CITY_REGION)) {
      const candidate = `${match[1]}, ${match[2]}`;
      if (gazetteer().find(candidate)) return candidate;
    }
  }
  return undefined;
}

function findName(lines: string[]): { firstname: string; lastname: string } | undefined {
  for (const line of lines.slice(0, 5)) {
    if (NAME_LINE.test(line) && !NOT_A_NAME.test(line) && !HEADINGS.test(line)) {
      const [first, ...rest] = line.split(' ');
      return { firstname: first!, lastname: rest.join(' ') };
    }
  }
  return undefined;
}

function findSummary(lines: string[]): string | undefined {
  const start = lines.findIndex((line) => SUMMARY_HEADING.test(line));
  if (start < 0) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (HEADINGS.test(line)) break;
    body.push(line);
  }
  const summary = body.join(' ').replace(/\s+/g, ' ').trim();
  return summary ? summary.slice(0, 2000) : undefined;
}

/**
 * Reads what it can from a resume's text: the name (a name-like line at the top), a phone number, the location
 * (a "Location:" line, or a "City, XX" the gazetteer knows), the summary (under a Summary/Profile heading) and the
 * skills of `vocabulary` (the employer's skills) it names.
 */
export function parseResume(text: string, vocabulary: string[]): ResumeFacts {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const folded = textKey(text.replace(/\s+/g, ' '));
  const facts: ResumeFacts = {
    ...findName(lines),
    skills: [...new Set(vocabulary)].filter((skill) => mentions(skill, text, folded)),
  };
  const phone = findPhone(text);
  if (phone) facts.phone = phone;
  const location = findLocation(lines);
  if (location) facts.location = location;
  const summary = findSummary(lines);
  if (summary) facts.summary = summary;
  return facts;
}
