/**
 * Recursive key conversion between the API's snake_case and the widgets' camelCase.
 *
 * Rules (the runtime functions and the types follow the same ones, so the result type is exact):
 * - camelCase: every `_` followed by a character other than `_` is removed and that character upper-cased
 *   (`position_id` → `positionId`, `address_2` → `address2`). Leading underscores stay (`_id` → `_id`),
 *   as do trailing ones.
 * - snake_case: every upper-case letter after the first character becomes `_` plus its lower-case form
 *   (`positionId` → `position_id`); an upper-case first letter is only lower-cased (`Name` → `name`).
 *   Each capital starts a word, so write `userId`, not `userID` (which gives `user_i_d`).
 * - Only plain objects (object literals, `JSON.parse` output, `Object.create(null)`) and arrays are walked.
 *   Dates, Files, Blobs, Maps, class instances and other non-plain values are returned as they are.
 * - If two keys convert to the same name, the one that comes later in the object wins.
 */

type Primitive = string | number | boolean | bigint | symbol | null | undefined;
type Opaque = Primitive | Date | Blob | RegExp | Map<unknown, unknown> | Set<unknown> | ((...args: never[]) => unknown);

type CamelBody<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? Tail extends ''
    ? S
    : Tail extends `_${string}`
      ? `${Head}_${CamelBody<Tail>}`
      : `${Head}${Capitalize<CamelBody<Tail>>}`
  : S;

/** The camelCase form of a snake_case key (see the module rules). */
export type CamelCase<S extends string> = S extends `_${infer Rest}` ? `_${CamelCase<Rest>}` : CamelBody<S>;

type SnakeRest<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeRest<Rest>}`
  : S;

/** The snake_case form of a camelCase key (see the module rules). */
export type SnakeCase<S extends string> = S extends `${infer First}${infer Rest}`
  ? `${Lowercase<First>}${SnakeRest<Rest>}`
  : S;

/** `T` with every object key, at every depth, in camelCase. */
export type CamelCaseKeys<T> = T extends Opaque
  ? T
  : T extends readonly unknown[]
    ? { [I in keyof T]: CamelCaseKeys<T[I]> }
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: CamelCaseKeys<T[K]> }
      : T;

/** `T` with every object key, at every depth, in snake_case. */
export type SnakeCaseKeys<T> = T extends Opaque
  ? T
  : T extends readonly unknown[]
    ? { [I in keyof T]: SnakeCaseKeys<T[I]> }
    : T extends object
      ? { [K in keyof T as K extends string ? SnakeCase<K> : K]: SnakeCaseKeys<T[K]> }
      : T;

/** Converts one snake_case key to camelCase (see the module rules). */
export function camelCaseKey<S extends string>(key: S): CamelCase<S> {
  const leading = /^_*/.exec(key)?.[0] ?? '';
  const body = key.slice(leading.length).replace(/_([^_])/g, (_match, char: string) => char.toUpperCase());
  return `${leading}${body}` as CamelCase<S>;
}

/** Converts one camelCase key to snake_case (see the module rules). */
export function snakeCaseKey<S extends string>(key: S): SnakeCase<S> {
  let result = '';
  let index = 0;
  for (const char of key) {
    const lower = char.toLowerCase();
    result += index > 0 && lower !== char ? `_${lower}` : lower;
    index += 1;
  }
  return result as SnakeCase<S>;
}

/** True for object literals, `JSON.parse` output and `Object.create(null)` objects, from any realm. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function convertKeys(value: unknown, convertKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => convertKeys(item, convertKey));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[convertKey(key)] = convertKeys(item, convertKey);
  }
  return result;
}

/**
 * Returns a copy of `value` with every key of every nested plain object in camelCase. Arrays are walked;
 * non-plain values (Dates, Files, class instances) are kept as they are. The input is not changed.
 *
 * @example toCamelCaseKeys({ position_id: 7, job_cart: [{ added_at: 1 }] })
 * // { positionId: 7, jobCart: [{ addedAt: 1 }] }
 */
export function toCamelCaseKeys<T>(value: T): CamelCaseKeys<T> {
  return convertKeys(value, camelCaseKey) as CamelCaseKeys<T>;
}

/**
 * Returns a copy of `value` with every key of every nested plain object in snake_case. Arrays are walked;
 * non-plain values (Dates, Files, class instances) are kept as they are. The input is not changed.
 *
 * @example toSnakeCaseKeys({ positionId: 7, opData: { value: 'x' } })
 * // { position_id: 7, op_data: { value: 'x' } }
 */
export function toSnakeCaseKeys<T>(value: T): SnakeCaseKeys<T> {
  return convertKeys(value, snakeCaseKey) as SnakeCaseKeys<T>;
}
