import type { BootData } from '../contract';

/** Id of the JSON data element the embedding page renders (see README, "Embedding a widget"). */
export const BOOT_DATA_ELEMENT_ID = 'careers-boot-data';

const DEFAULT_BOOT: Omit<BootData, 'groupId'> = {
  isLoggedIn: false,
  user: null,
  profile: null,
  pcsxConfig: {},
  behaviourFlags: {},
  notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
  supportedLanguages: ['en'],
  language: 'en',
  manifestUrl: '/widgets/manifest.json',
};

export class BootDataError extends Error {
  override name = 'BootDataError';
}

/** The longest microsite name kept (as the contract's `BootData.microsite`). */
const MICROSITE_MAX_LENGTH = 100;

/**
 * The page's microsite (docs/product/routes-and-access.md#microsite): the embedding page's own value, else the
 * address's `microsite` query parameter, so links to other careers pages and the sign-in page keep it. A value
 * that is not a short text is left out.
 */
function micrositeOf(given: unknown, doc: Document): string | undefined {
  const fromPage = typeof given === 'string' ? given : undefined;
  const value = (fromPage ?? new URLSearchParams(doc.defaultView?.location.search ?? '').get('microsite') ?? '').trim();
  return value !== '' && value.length <= MICROSITE_MAX_LENGTH ? value : undefined;
}

/**
 * Reads the starting data the page embeds in `<script type="application/json" id="careers-boot-data">`.
 * Missing optional parts take safe defaults (logged out, notifications off); a missing element, invalid JSON or
 * a missing groupId is an embedding mistake and throws a BootDataError that says what to fix.
 */
export function readBootData(doc: Document = document): BootData {
  const el = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!el)
    throw new BootDataError(`No <script type="application/json" id="${BOOT_DATA_ELEMENT_ID}"> element on the page.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(el.textContent ?? '');
  } catch {
    throw new BootDataError(`The #${BOOT_DATA_ELEMENT_ID} element does not hold valid JSON.`);
  }
  return completeBootData(parsed, `#${BOOT_DATA_ELEMENT_ID}`, doc);
}

/** Whether the page carries its starting data (a page the careers server rendered, or one that writes it itself). */
export const pageHasBootData = (doc: Document = document): boolean => doc.getElementById(BOOT_DATA_ELEMENT_ID) !== null;

/**
 * Starting data as the page or the API gives it, completed with the safe defaults; `source` names where it came
 * from in the error a mistake throws (`#careers-boot-data`, or the API's address).
 */
export function completeBootData(parsed: unknown, source: string, doc: Document = document): BootData {
  const element = source.startsWith('#') ? ' element' : '';
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BootDataError(`The ${source}${element} must hold a JSON object.`);
  }
  const data = parsed as Partial<BootData>;
  if (typeof data.groupId !== 'string' || data.groupId.trim() === '') {
    throw new BootDataError(`The ${source} data needs a "groupId" (the employer domain).`);
  }
  const isLoggedIn = data.isLoggedIn === true;
  const microsite = micrositeOf(data.microsite, doc);
  return {
    ...DEFAULT_BOOT,
    ...data,
    ...(microsite === undefined ? {} : { microsite }),
    groupId: data.groupId,
    isLoggedIn,
    user: isLoggedIn ? (data.user ?? null) : null,
    profile: isLoggedIn ? (data.profile ?? null) : null,
    notificationsConfig: { ...DEFAULT_BOOT.notificationsConfig, ...(data.notificationsConfig ?? {}) },
  };
}
