/**
 * Forms benchmark (a long stepper form stays responsive): a 200-question stepper application form (10 sections of
 * 20 questions: text, textarea, email, number, select, radio, checkbox item and date, some with rules, a few shown
 * only under a condition) is stored for the demo employer and given to an open position; the real apply page
 * (`/careers/apply`, the built widgets in dist/) is opened signed out in Chromium (1280×900), the last text field of
 * the last section gets focus and 60 characters are typed one key at a time, each after the previous one's frame.
 *
 * Per keystroke, the page measures the time from the keydown event (its timestamp) to the frame after the input is
 * handled (a requestAnimationFrame callback, then a message posted from it: the frame has been produced), to the end
 * of the input event (a listener on the window, after the widget's), and the page's script work (from the keydown's
 * dispatch to the end of the input event: keydown, keypress, input and the form's update). Prints p50, p95 and max of each, the first render (navigation start to the first question
 * visible), the Event Timing entries over 16 ms and the long animation frames while typing; the same typing into a
 * page holding a single input first, as the floor of the measure in this browser; once without and once with CPU
 * throttling (CDP `Emulation.setCPUThrottlingRate`, 4×). The goal is under 16 ms per keystroke; asserts nothing.
 * BENCH_PROFILE=file.cpuprofile saves a CPU profile, BENCH_TRACE=file.json a Chromium trace, of the unthrottled typing
 * into the form (DevTools opens both; either slows what it records).
 *
 *   npm run bench:forms
 *   BENCH_KEYS=100 BENCH_THROTTLE=6 npm run bench:forms
 */
import type { Kysely } from 'kysely';
import fs from 'node:fs';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import type { FormDefinition, FormItem, FormItemType, FormSection } from '../server/src/contract';
import type { Database } from '../server/src/db/types';
import { DEMO_DOMAIN } from '../server/src/db/seed';
import { generateDemoPositions } from '../server/src/positions/demo-positions';
import { insertPositions, openPosition } from '../server/src/positions/repository';
import { launchChromium } from '../scripts/lib/server';
import { runBench, withBenchServer } from './setup';

const KEYS = Math.min(500, Math.max(5, Number(process.env.BENCH_KEYS ?? 60)));
const THROTTLE = Math.min(20, Math.max(1, Number(process.env.BENCH_THROTTLE ?? 4)));
const SECTIONS = 10;
const ITEMS_PER_SECTION = 20;
const FORM_KEY = 'bench-stepper-200';
const TYPES: FormItemType[] = ['text', 'textarea', 'email', 'number', 'select', 'radio', 'checkboxItem', 'date'];
const TEXT = 'The quick brown fox jumps over the lazy dog while typing a long answer ';

/** Question n (1-based, across the form) of section s, at index i in its section. */
function question(s: number, i: number): FormItem {
  const n = s * ITEMS_PER_SECTION + i + 1;
  const type = TYPES[i % TYPES.length]!;
  const item: FormItem = {
    name: `s${s + 1}_q${i + 1}_${type}`,
    label: `Question ${n} (${type}): ${type === 'checkboxItem' ? 'I confirm this section' : 'your answer'}`,
    type,
    required: i % 3 === 0,
    layout: i % 4 === 1 ? 'half' : 'full',
  };
  if (i % 5 === 0) item.help = `Help text of question ${n}.`;
  if (i % 7 === 0) item.newItem = true;
  switch (type) {
    case 'text':
      item.rules = [
        { type: 'minLength', value: 2 },
        { type: 'maxLength', value: 500 },
        ...(i % 16 === 8 ? [{ type: 'regex' as const, value: '/^[A-Za-z0-9 .,-]*$/', message: 'Letters only.' }] : []),
      ];
      break;
    case 'textarea':
      item.rules = [{ type: 'maxLength', value: 2000 }];
      break;
    case 'email':
      item.rules = [{ type: 'email' }];
      break;
    case 'number':
      Object.assign(item, { min: 0, max: 100, step: 1 });
      item.rules = [
        { type: 'minValue', value: 0 },
        { type: 'maxValue', value: 100 },
      ];
      break;
    case 'select':
      item.choices = Array.from({ length: 12 }, (_, c) => ({ label: `Option ${c + 1}`, value: `o${c + 1}` }));
      break;
    case 'radio':
      item.choices = [
        { label: 'Yes', value: 'yes' },
        { label: 'No', value: 'no' },
        { label: 'Maybe', value: 'maybe' },
      ];
      break;
    case 'date':
      item.format = 'MM/DD/YYYY';
      item.rules = [{ type: 'isPast' }];
      break;
    default:
      break;
  }
  return item;
}

/**
 * The form: in every section, question 10 (a textarea) shows while the section's radio question is not "no" (so
 * shown at first), and in every other section question 18 (a number) shows only once its checkbox is checked.
 */
function stepperForm(): FormDefinition {
  const sections: FormSection[] = Array.from({ length: SECTIONS }, (_, s) => {
    const items = Array.from({ length: ITEMS_PER_SECTION }, (_, i) => question(s, i));
    const radio = items[5]!.name;
    const checkbox = items[6]!.name;
    items[9]!.visibleIf = { field: radio, notEquals: 'no' };
    items[9]!.dependencies = [radio];
    if (s % 2 === 1) {
      items[19]!.visibleIf = { field: checkbox, checked: true };
      items[19]!.dependencies = [checkbox];
    }
    return {
      id: `section-${s + 1}`,
      title: `Section ${s + 1}`,
      description: `Questions ${s * ITEMS_PER_SECTION + 1} to ${(s + 1) * ITEMS_PER_SECTION}.`,
      items,
    };
  });
  return { id: FORM_KEY, title: 'Long application (200 questions)', layout: 'stepper', sections };
}

const FORM = stepperForm();
/** The label of the last text question of the last section (typed into). */
const LAST_TEXT_LABEL = FORM.sections
  .at(-1)!
  .items.filter((item) => item.type === 'text')
  .at(-1)!.label!;

/** The questions shown at first (the conditional ones of the odd sections wait for their checkbox). */
const SHOWN_QUESTIONS = FORM.sections.reduce(
  (sum, section) => sum + section.items.filter((item) => item.visibleIf?.checked === undefined).length,
  0,
);

let positionId = 0;

/** Stores the form, a few demo positions, and gives the first open one the form. */
async function seed(db: Kysely<Database>): Promise<void> {
  const now = new Date();
  await db
    .insertInto('forms')
    .values({
      domain: DEMO_DOMAIN,
      form_key: FORM_KEY,
      title: FORM.title,
      definition_json: JSON.stringify(FORM),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await insertPositions(db, generateDemoPositions({ domain: DEMO_DOMAIN, count: 20, now, seed: 3 }));
  const first = await db
    .selectFrom('positions as p')
    .select('p.id')
    .where('p.domain', '=', DEMO_DOMAIN)
    .where(openPosition(now.toISOString()))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('positions').set({ application_form_key: FORM_KEY }).where('id', '=', first.id).execute();
  positionId = first.id;
}

/**
 * Before the page's own scripts: the first frame where a question of the form is visible, and the first where all
 * `SHOWN` questions are in the page (performance.now, from navigation start).
 */
function watchFirstRender(SHOWN: number): void {
  const w = window as unknown as { __firstField?: number; __wholeForm?: number };
  const visible = (el: Element | null | undefined) => {
    const box = el?.getBoundingClientRect();
    return !!box && box.width > 0 && box.height > 0;
  };
  const poll = () => {
    const root = document.querySelector('[data-careers-widget="forms"]')?.shadowRoot;
    const questions = root ? [...root.querySelectorAll('[data-field]')] : [];
    if (w.__firstField === undefined && questions.some(visible)) w.__firstField = performance.now();
    if (w.__firstField !== undefined && questions.length >= SHOWN) w.__wholeForm = performance.now();
    if (w.__wholeForm === undefined) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** In the page, before typing: the keystroke timer and the Event Timing / long animation frame observers. */
function installProbes(): void {
  const w: Omit<Typing, 'typed'> = { keys: [], handled: [], work: [], events: [], loafs: [] };
  (window as unknown as { __bench: typeof w }).__bench = w;
  let key = { started: 0, dispatched: 0 };
  window.addEventListener(
    'keydown',
    (event) => {
      key = { started: event.timeStamp, dispatched: performance.now() };
      const { started } = key;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.keys.push(performance.now() - started);
        channel.port2.postMessage(0);
      });
    },
    { capture: true },
  );
  // Last of the key's listeners (the input event is composed: it leaves the shadow root, after React's own).
  window.addEventListener('input', () => {
    w.handled.push(performance.now() - key.started);
    w.work.push(performance.now() - key.dispatched);
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  } catch {
    // no Event Timing
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const loaf = entry as PerformanceEntry & {
          blockingDuration?: number;
          scripts?: Array<{ invoker?: string; sourceFunctionName?: string; duration: number }>;
        };
        w.loafs.push({
          duration: loaf.duration,
          blocking: loaf.blockingDuration ?? 0,
          scripts: (loaf.scripts ?? []).map(
            (s) => `${s.invoker ?? '?'} ${s.sourceFunctionName ?? ''} ${s.duration.toFixed(0)} ms`,
          ),
        });
      }
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // no long animation frames
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}  p95 ${ms(percentile(sorted, 0.95))}  max ${ms(sorted.at(-1) ?? 0)}`;
};

interface Typing {
  /** From the keydown's timestamp to the frame after it and to the end of the input event; the page's script work. */
  keys: number[];
  handled: number[];
  work: number[];
  events: Array<{ name: string; duration: number }>;
  loafs: Array<{ duration: number; blocking: number; scripts: string[] }>;
  typed: number;
}

/** Types KEYS characters into the focused `field`, each once the previous one's frame is produced. */
async function typeKeys(page: Page, field: Locator, diagnose?: CDPSession): Promise<Typing> {
  await page.evaluate(installProbes);
  const profile = diagnose && process.env.BENCH_PROFILE;
  const trace = diagnose && process.env.BENCH_TRACE;
  if (profile) {
    await diagnose.send('Profiler.enable');
    await diagnose.send('Profiler.setSamplingInterval', { interval: 100 });
    await diagnose.send('Profiler.start');
  }
  if (trace) await page.context().browser()?.startTracing(page, { path: trace, screenshots: false });
  for (let i = 0; i < KEYS; i += 1) {
    await page.keyboard.type(TEXT[i % TEXT.length]!);
    await page.waitForFunction(
      (count) => (window as unknown as { __bench: Typing }).__bench.keys.length >= count,
      i + 1,
      { polling: 'raf' },
    );
  }
  if (trace) await page.context().browser()?.stopTracing();
  if (profile) fs.writeFileSync(profile, JSON.stringify((await diagnose.send('Profiler.stop')).profile));
  await page.waitForTimeout(300); // the last entries reach the observers
  const typed = (await field.inputValue()).length;
  const result = await page.evaluate(() => (window as unknown as { __bench: Omit<Typing, 'typed'> }).__bench);
  return { ...result, typed };
}

function print(title: string, typing: Typing): void {
  console.log(`  ${title}, ${typing.keys.length} keys (typed ${typing.typed} characters):`);
  console.log(
    `    keydown to next frame  ${spread(typing.keys)}  (over 16 ms: ${typing.keys.filter((k) => k > 16).length})`,
  );
  console.log(`    keydown to input done  ${spread(typing.handled)}`);
  console.log(`    scripts per key        ${spread(typing.work)}  (keydown dispatched to the input event's end)`);
  const events = typing.events.filter((e) => ['keydown', 'keypress', 'keyup', 'beforeinput', 'input'].includes(e.name));
  const maxEvent = events.reduce((max, e) => Math.max(max, e.duration), 0);
  const longest = typing.loafs.reduce<Typing['loafs'][number] | null>(
    (max, l) => (max === null || l.duration > max.duration ? l : max),
    null,
  );
  console.log(
    `    Event Timing ≥16 ms: ${events.length} key events` +
      (events.length > 0 ? ` (max duration ${ms(maxEvent)})` : '') +
      `; long animation frames ≥50 ms: ${typing.loafs.length}` +
      (longest
        ? ` (longest ${ms(longest.duration)}, blocking ${ms(longest.blocking)}` +
          (longest.scripts.length > 0 ? `: ${longest.scripts.slice(0, 3).join('; ')}` : '') +
          ')'
        : ''),
  );
}

async function run(browser: Browser, base: string, throttle: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // tsx (esbuild with names kept) wraps the functions given to the page in `__name(…)`: the page gets it too.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    console.log(`\n${throttle > 1 ? `CPU throttled ${throttle}×` : 'No CPU throttling'} (1280×900, signed out):`);

    // The floor of the measure in this browser: a page with one input and nothing else.
    await page.setContent('<label>Answer <input id="answer"></label>');
    const plain = page.locator('#answer');
    await plain.focus();
    print('plain input (baseline)', await typeKeys(page, plain));

    await page.addInitScript(watchFirstRender, SHOWN_QUESTIONS);
    await page.goto(`${base}/careers/apply?domain=${DEMO_DOMAIN}&pid=${positionId}`);
    const field = page.locator('[data-careers-widget="forms"]').getByLabel(LAST_TEXT_LABEL, { exact: false });
    await field.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __wholeForm?: number }).__wholeForm !== undefined);
    const rendered = await page.evaluate(() => {
      const w = window as unknown as { __firstField: number; __wholeForm: number };
      return { firstField: w.__firstField, wholeForm: w.__wholeForm };
    });
    console.log(
      `  first render: first question visible ${ms(rendered.firstField)} after navigation start, ` +
        `all ${SHOWN_QUESTIONS} shown questions in the page at ${ms(rendered.wholeForm)}`,
    );
    await field.scrollIntoViewIfNeeded();
    await field.focus();
    await page.waitForTimeout(500); // the focus's scrolling and the scroll-spy settle
    print(`"${LAST_TEXT_LABEL}"`, await typeKeys(page, field, throttle === 1 ? cdp : undefined));
  } finally {
    await context.close();
  }
}

runBench(() =>
  withBenchServer(
    'bench-forms',
    async ({ base, engine }) => {
      console.log(
        `Stepper form of ${SECTIONS * ITEMS_PER_SECTION} questions (${SECTIONS} sections) on ${engine}; ` +
          `${KEYS} keys typed one at a time into the last text question:`,
      );
      const browser = await launchChromium();
      try {
        await run(browser, base, 1);
        await run(browser, base, THROTTLE);
      } finally {
        await browser.close();
      }
    },
    seed,
  ),
);
