// Runs in the worker pool (server/src/workers), on untrusted text: every pattern here is linear in its input, and
// lines are cut to MAX_LINE, so hostile text costs at most time proportional to its length. No database, no
// gazetteer here (the worker stays small): `places` are checked against the gazetteer by the caller.
import { textKey } from '../positions/text';

/** What a resume's text gives for the profile; each field only when found. */
export interface ResumeFacts {
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** The location of a "Location:" line. */
  location?: string;
  /** "City, XX" phrases of the first lines, longest first per phrase: the caller keeps the first one it knows. */
  places: string[];
  summary?: string;
  /** Skills of the vocabulary named in the resume, as the vocabulary spells them. */
  skills: string[];
}

/** Characters of a line that are read: a real line of a resume is far shorter; a hostile one is cut. */
export const MAX_LINE = 1_000;
/** "City, XX" phrases kept for the caller's gazetteer look-ups (bounded work on the main thread). */
const MAX_PLACES = 20;

const HEADINGS =
  /^(summary|profile|professional summary|about( me)?|objective|experience|work experience|employment( history)?|education|skills|technical skills|languages|links|projects|certifications|references|interests)\s*:?$/i;
const SUMMARY_HEADING = /^(summary|profile|professional summary|about( me)?|objective)\s*:?$/i;
const NAME_LINE = /^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’.-]*){1,3}$/u;
const NOT_A_NAME = /\b(resume|résumé|curriculum|vitae|cv)\b/i;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})(?:[\s.-]?\d{2,4}){2,3}/g;
const LOCATION_LABEL = /^(?:location|address|based in|city)\s*:\s*(.+)$/i;
/**
 * ", XX" after a place name. The place's words are read backwards from the comma (see cityRegions) rather than by
 * one pattern: `(\p{Lu}[\p{L}.'’-]+(?: …){0,3}), ?(\p{Lu}{2})` re-read a long run of capitals from every starting
 * letter before failing at its end, quadratic in the run (a 1.2 KB DOCX held the server for 36 s).
 */
const REGION_AFTER_COMMA = /, ?(\p{Lu}{2})(?![\p{L}\p{N}_])/gu;
const PLACE_WORD = /^\p{Lu}[\p{L}.'’-]+$/u;
/** The longest word of a place name read back from a comma ("Llanfairpwllgwyngyll" has 20 letters). */
const MAX_PLACE_WORD = 40;
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

function findLabelledLocation(lines: string[]): string | undefined {
  for (const line of lines) {
    const labelled = LOCATION_LABEL.exec(line);
    if (labelled?.[1]) return labelled[1].trim().slice(0, 200);
  }
  return undefined;
}

/**
 * "City, XX" phrases of a line: for each ", XX", the one to four capitalised words just before the comma, the
 * longest first ("Senior Engineer Austin, TX", …, "Austin, TX"). Each comma looks back over at most four words of
 * at most MAX_PLACE_WORD characters, so the work is linear in the line.
 */
function cityRegions(line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(REGION_AFTER_COMMA)) {
    const words: string[] = [];
    let end = match.index;
    while (words.length < 4 && end > 0) {
      // Only the last MAX_PLACE_WORD characters are searched for the space before the word: a longer word is no
      // place name, and each comma's look-back stays bounded.
      const from = Math.max(0, end - MAX_PLACE_WORD - 1);
      const space = line.slice(from, end).lastIndexOf(' ');
      if (space < 0 && from > 0) break;
      const start = from + space + 1;
      const word = line.slice(start, end);
      if (!PLACE_WORD.test(word)) break;
      words.unshift(word);
      if (start === 0) break;
      end = start - 1;
    }
    for (let first = 0; first < words.length; first += 1) found.push(`${words.slice(first).join(' ')}, ${match[1]}`);
  }
  return found;
}

/** "City, XX" phrases of the first lines, for the gazetteer (so a "Smith, JD" is not taken for a place). */
function findPlaces(lines: string[]): string[] {
  return lines.slice(0, 15).flatMap(cityRegions).slice(0, MAX_PLACES);
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
 * (a "Location:" line, else the "City, XX" phrases for the caller to check), the summary (under a Summary/Profile
 * heading) and the skills of `vocabulary` (the employer's skills) it names. Linear in the text for each skill.
 */
export function parseResume(text: string, vocabulary: string[]): ResumeFacts {
  const lines = text
    .split(/\r?\n/)
    .map((line) =>
      line
        .slice(0, MAX_LINE * 4)
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, MAX_LINE),
    )
    .filter(Boolean);
  const folded = textKey(text.replace(/\s+/g, ' '));
  const facts: ResumeFacts = {
    ...findName(lines),
    places: [],
    skills: [...new Set(vocabulary)].filter((skill) => mentions(skill, text, folded)),
  };
  const phone = findPhone(text);
  if (phone) facts.phone = phone;
  const location = findLabelledLocation(lines);
  if (location) facts.location = location;
  else facts.places = findPlaces(lines);
  const summary = findSummary(lines);
  if (summary) facts.summary = summary;
  return facts;
}
