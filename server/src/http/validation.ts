import { FormatRegistry, KindGuard, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { FastifySchemaCompiler } from 'fastify';
import { isEmail as isEmailAddress } from '../contract';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * The `email` format of the contract schemas: the library's one email check, loose (an address as the caller has it,
 * as a browser's `<input type="email">` takes it; decision 022). Form answers are checked strict by the rule engine.
 */
export const isEmail = (value: string): boolean => isEmailAddress(value, 'loose');

if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmail);
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
}

/** Fastify's names for the request parts a schema can validate. */
export type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

/** A request that does not match its route schema; `field` names the offending property. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly field: string | undefined,
    readonly httpPart: HttpPart,
  ) {
    super(message);
  }
}

function pointerSegments(path: string): string[] {
  return path
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describeProblem(error: ValueError): string {
  const schema = error.schema as Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not an accepted field';
    case ValueErrorType.Object:
      return 'must be an object';
    case ValueErrorType.String:
      return 'must be a string';
    case ValueErrorType.StringPattern:
      return `must match pattern "${String(schema.pattern)}"`;
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? 'must not be empty'
        : `must NOT have fewer than ${String(schema.minLength)} characters`;
    case ValueErrorType.StringMaxLength:
      return `must NOT have more than ${String(schema.maxLength)} characters`;
    case ValueErrorType.StringFormat:
      return `must match format "${String(schema.format)}"`;
    case ValueErrorType.Integer:
      return 'must be an integer';
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.Boolean:
      return 'must be a boolean';
    case ValueErrorType.Array:
      return 'must be an array';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be >= ${String(schema.minimum)}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be <= ${String(schema.maximum)}`;
    case ValueErrorType.Literal:
      return `must be equal to ${JSON.stringify(schema.const)}`;
    case ValueErrorType.Union: {
      const options = Array.isArray(schema.anyOf) ? (schema.anyOf as Array<Record<string, unknown>>) : [];
      return options.length > 0 && options.every((option) => 'const' in option)
        ? `must be one of: ${options.map((option) => JSON.stringify(option.const)).join(', ')}`
        : 'does not match any accepted shape';
    }
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

interface ObjectSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
}

const isObjectSchema = (schema: unknown): schema is ObjectSchema =>
  typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'object';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * For a value that matches no shape of a union of objects (for example a body that is either a typed signature
 * or a signed copy), the shape the client meant: among the shapes whose required fields are all present, the one
 * with the most required fields (the most specific); else the first shape. Its first error then names a field.
 */
function closestShape(error: ValueError): { index: number; shape: ObjectSchema; shapes: ObjectSchema[] } | null {
  const shapes = (error.schema as { anyOf?: unknown[] }).anyOf;
  if (!Array.isArray(shapes) || shapes.length === 0 || !shapes.every(isObjectSchema)) return null;
  if (!isPlainObject(error.value)) return null;
  const value = error.value;
  let best = 0;
  let bestRequired = -1;
  shapes.forEach((shape, index) => {
    const required = shape.required ?? [];
    if (required.every((key) => key in value) && required.length > bestRequired) {
      best = index;
      bestRequired = required.length;
    }
  });
  return { index: best, shape: shapes[best]!, shapes };
}

/** Turns the first schema violation into a message that names the request part and field. */
function toValidationError(error: ValueError, httpPart: HttpPart): RequestValidationError {
  if (error.type === ValueErrorType.Union) {
    const closest = closestShape(error);
    const problems = closest ? [...(error.errors[closest.index] ?? [])] : [];
    if (closest && problems.length > 0) {
      // Fields of another shape sent together with this shape's own required fields: name them all.
      const required = closest.shape.required ?? [];
      const ofAnotherShape = (problem: ValueError) => {
        const segments = pointerSegments(problem.path);
        const key = segments[segments.length - 1];
        return (
          problem.type === ValueErrorType.ObjectAdditionalProperties &&
          key !== undefined &&
          segments.length === pointerSegments(error.path).length + 1 &&
          closest.shapes.some((shape) => shape !== closest.shape && shape.properties && key in shape.properties)
        );
      };
      const mixed = problems.filter(ofAnotherShape);
      if (required.length > 0 && mixed.length > 0) {
        const at = (path: string) => [httpPart, ...pointerSegments(path)].join('/');
        const own = required.map((name) => `${at(error.path)}/${name}`);
        return new RequestValidationError(
          `${own.join(', ')} cannot be sent together with ${mixed.map((problem) => at(problem.path)).join(', ')}`,
          [...pointerSegments(error.path), required[0]!].join('.'),
          httpPart,
        );
      }
      return toValidationError(problems[0]!, httpPart);
    }
  }
  const segments = pointerSegments(error.path);
  const where = [httpPart, ...segments].join('/');
  const field = segments.length > 0 ? segments.join('.') : undefined;
  return new RequestValidationError(`${where} ${describeProblem(error)}`, field, httpPart);
}

/** True when `schema` is a TypeBox schema that an empty object satisfies (a body whose every field is optional). */
export function acceptsEmptyObject(schema: unknown): boolean {
  return KindGuard.IsSchema(schema) && TypeCompiler.Compile(schema).Check({});
}

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Converts one text value to the scalar type its schema declares, only when the text is exactly that type. */
function convertText(schema: Record<string, unknown>, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  switch (schema.type) {
    case 'integer':
      return INTEGER_TEXT.test(value) ? Number(value) : value;
    case 'number':
      return NUMBER_TEXT.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

/**
 * Query strings and path parameters arrive as text: converts the top-level properties an object schema
 * declares as integer, number or boolean, strictly (`"1.5"` stays text for an integer and fails validation).
 */
export function convertTextParts(schema: TSchema, data: unknown): unknown {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties;
  if (!properties || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  // No prototype, so a `__proto__` parameter stays an ordinary (and, where not declared, rejected) key.
  const converted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) {
    const property = properties[key];
    converted[key] = property ? convertText(property, value) : value;
  }
  return converted;
}

/**
 * Fastify validator compiler built on the TypeBox contract schemas. JSON bodies are checked as sent (no type
 * coercion; extra properties are rejected, not stripped); query strings and path parameters are converted
 * from text first (for example `"5"` to `5` for an integer id).
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const part = (httpPart ?? 'body') as HttpPart;
  const checker = TypeCompiler.Compile(schema);
  const convert = part !== 'body';
  return (data: unknown) => {
    const value = convert ? convertTextParts(schema, data) : data;
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    return {
      error: first
        ? toValidationError(first, part)
        : new RequestValidationError(`${part} is not valid`, undefined, part),
    };
  };
};
