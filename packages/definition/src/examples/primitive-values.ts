/**
 * Example values for primitive types: strings by format, pattern or what the property's name
 * says it holds (`email`, `createdAt`), else the neutral placeholder `"string"` (never the key
 * itself: `{"env": "env"}` reads like data the spec gave), and numbers inside their bounds
 * (inclusive, exclusive, `multipleOf`, int32/int64 ranges). Every
 * value respects the primitive's own constraints; when a constraint cannot be met the result
 * says why so the caller can warn.
 */
import type { NumberPrimitive, PrimitiveType, StringPrimitive } from '../ir/types.js';
import { samplePattern } from './pattern-sample.js';
import { seededInt } from './seed.js';
import { matchesSpecPattern } from './spec-pattern.js';

/** Fixed, valid samples for the string formats specs use. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': 'https://example.com/path',
  'iri-reference': 'https://example.com/path',
  'uri-template': 'https://example.com/{id}',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.168.0.1',
  ipv6: '2001:db8::1',
  byte: 'U2V4dGFudA==',
  base64: 'U2V4dGFudA==',
  binary: 'binary-data',
  password: 'password',
  'json-pointer': '/example',
  'relative-json-pointer': '0',
  regex: '^[a-z]+$',
  int32: '1',
  int64: '1',
};

/** Shape checks of the formats whose samples a pattern could contradict. */
export const FORMAT_CHECKS: Record<string, RegExp> = {
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]\d\d:?\d\d)$/,
  // Dot-separated labels without dots inside: linear on any input (`[^@\s]+\.` backtracked quadratically).
  email: /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s{}<>"\\^`|]*$/i,
  url: /^[a-z][a-z0-9+.-]*:[^\s{}<>"\\^`|]*$/i,
  // Characters RFC 3986 never allows unescaped (a template's braces included).
  'uri-reference': /^[^\s{}<>"\\^`|]*$/,
  duration: /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/,
};

/** The result of building a primitive: a value, or why none could be built. */
export type PrimitiveResult = { ok: true; value: string | number | boolean } | { ok: false; reason: string };

export const INT_RANGES: Record<string, [number, number]> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint64: [0, Number.MAX_SAFE_INTEGER],
};

/**
 * A value for `primitive`; `name` (the property or parameter key) seeds the choice, `variant`
 * (0, 1, 2 ...) yields distinct values for sets.
 */
export function primitiveValue(primitive: PrimitiveType, name: string, variant = 0): PrimitiveResult {
  if (primitive.type === 'boolean') return { ok: true, value: primitive.default ?? variant % 2 === 0 };
  if (primitive.type === 'string') return stringValue(primitive, name, variant);
  return numberValue(primitive, name, variant);
}

function stringValue(primitive: StringPrimitive, name: string, variant: number): PrimitiveResult {
  const min = primitive.minLength ?? 0;
  const max = primitive.maxLength ?? Number.POSITIVE_INFINITY;
  if (min > max) return { ok: false, reason: `minLength ${min} is above maxLength ${max}` };
  // A default is trusted only when no format could contradict it (specs carry defaults like "now()").
  const formatted = primitive.format === undefined ? undefined : FORMAT_SAMPLES[primitive.format];
  if (
    variant === 0 &&
    primitive.default !== undefined &&
    formatted === undefined &&
    fits(primitive, primitive.default)
  ) {
    return { ok: true, value: primitive.default };
  }
  // A format sample that also satisfies the pattern beats a pattern sample that may break the format.
  if (formatted !== undefined && variant === 0 && fits(primitive, formatted))
    return { ok: true, value: formatted };
  if (primitive.pattern !== undefined) {
    const sample = samplePattern(primitive.pattern, min, max);
    if (sample === undefined) {
      // A pattern the sampler cannot read (`\p{L}` classes, lookarounds) may still accept a plain word.
      const plain = plainCandidates(name).find((candidate) => fits(primitive, candidate));
      if (plain !== undefined && variant === 0) return { ok: true, value: plain };
      return { ok: false, reason: `cannot generate a string matching the pattern ${primitive.pattern}` };
    }
    const check = primitive.format === undefined ? undefined : FORMAT_CHECKS[primitive.format];
    if (check && !check.test(sample)) {
      // An unanchored pattern may still match the format sample with the pattern sample appended.
      for (const joined of formatted ? [`${formatted}/${sample}`, `${formatted}${sample}`] : []) {
        if (check.test(joined) && fits(primitive, joined)) return { ok: true, value: joined };
      }
      return {
        ok: false,
        reason: `no sample satisfies both format ${primitive.format} and pattern ${primitive.pattern}`,
      };
    }
    return {
      ok: true,
      value: variant === 0 ? sample : (samplePattern(primitive.pattern, min + variant, max) ?? sample),
    };
  }
  if (formatted !== undefined && variant === 0) {
    // A format's sample stretched to the length bounds, or nothing: never a word that breaks the format.
    const sized = sizedFormatSample(primitive.format as string, formatted, min, max);
    if (sized !== undefined) return { ok: true, value: sized };
    return {
      ok: false,
      reason: `no ${primitive.format} value is ${min}..${Number.isFinite(max) ? max : '∞'} characters long`,
    };
  }
  if (formatted !== undefined && variant > 0 && primitive.format === 'uuid') {
    return { ok: true, value: `${formatted.slice(0, -2)}${String(10 + (variant % 90))}` };
  }
  const named = variant === 0 ? sampleByName(name) : undefined;
  if (named !== undefined && fits(primitive, named)) return { ok: true, value: named };
  const base = STRING_PLACEHOLDER + (variant > 0 ? String(variant) : '');
  return { ok: true, value: fitLength(base, min, max) };
}

/**
 * `sample` of `format` lengthened to at least `min` characters where the format has room (a
 * time's fraction of a second, a URI's path, an email's local part, base64 padding blocks), or
 * undefined when no value of the format fits `min`..`max`.
 */
function sizedFormatSample(format: string, sample: string, min: number, max: number): string | undefined {
  if (sample.length > max) return undefined;
  const need = min - sample.length;
  if (need <= 0) return sample;
  switch (format) {
    case 'date-time':
    case 'time': {
      // `09:30:00Z` → `09:30:00.000…Z`: a fraction adds its digits and the dot.
      const added = Math.max(need, 2);
      return added > max - sample.length ? undefined : sample.replace(/Z$/, `.${'0'.repeat(added - 1)}Z`);
    }
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return `${sample}/${'a'.repeat(need - 1)}`;
    case 'email':
    case 'idn-email':
      return `${'a'.repeat(need)}${sample}`;
    case 'byte':
    case 'base64': {
      const added = Math.ceil(need / 4) * 4;
      return added > max - sample.length ? undefined : `${'A'.repeat(added)}${sample}`;
    }
    case 'password':
    case 'binary':
      return `${sample}${'x'.repeat(need)}`;
    case 'int32':
    case 'int64':
      return '1'.repeat(min);
    case 'hostname':
    case 'idn-hostname':
      return need > 52 ? undefined : `${'a'.repeat(need)}${sample}`;
    case 'json-pointer':
      return `${sample}${'a'.repeat(need)}`;
    default:
      return undefined;
  }
}

function fits(primitive: StringPrimitive, value: string): boolean {
  if (primitive.minLength !== undefined && value.length < primitive.minLength) return false;
  if (primitive.maxLength !== undefined && value.length > primitive.maxLength) return false;
  // A pattern RE2 cannot check does not vouch for a made-up value.
  return primitive.pattern === undefined || matchesSpecPattern(primitive.pattern, value, false);
}

/**
 * Realistic strings for the names specs give their unformatted string fields, so an example
 * reads like data (`"email": "user@example.com"`, never `"createdAt": "createdAt"`).
 */
const NAME_SAMPLES: [RegExp, string][] = [
  [/e-?mail/i, 'user@example.com'],
  [/(^|_|[a-z])(uuid|guid)$/i, FORMAT_SAMPLES.uuid as string],
  [/(url|uri|href|link|website|homepage)$/i, 'https://example.com'],
  [/(phone|mobile|fax|msisdn)/i, '+14155550123'],
  [/currency/i, 'USD'],
  [/country/i, 'US'],
  [/(locale|language|lang)$/i, 'en-US'],
  [/(timezone|time_zone|tz)$/i, 'Europe/Berlin'],
  [/(ip|ip_?address|ipv4)$/i, '192.168.0.1'],
  [
    /(created|updated|modified|deleted|expires?|started|ended|completed)(_?at|_?on|_?time)?$/i,
    '2024-01-15T09:30:00Z',
  ],
  [/(timestamp|datetime|date_?time)$/i, '2024-01-15T09:30:00Z'],
  [/(^|_|[a-z])date$/i, '2024-01-15'],
  [/^(first_?name|given_?name)$/i, 'Jane'],
  [/^(last_?name|family_?name|surname)$/i, 'Doe'],
  [/^(full_?name|display_?name|user_?name|username|login)$/i, 'jane.doe'],
  [/^name$/i, 'Example name'],
  [/(title|subject|summary)$/i, 'Example title'],
  [/(description|message|text|comment|body|note)s?$/i, 'An example text.'],
  [/city/i, 'Berlin'],
  [/(zip|postal_?code|postcode)/i, '10115'],
  [/(street|address_?line|address1|address)$/i, '1 Example Street'],
  [/(token|secret|password|api_?key)$/i, 'abc123'],
  [/(^|_|[a-z])(id|Id|ID)$/, 'abc123'],
  [/color|colour/i, '#3366ff'],
  [/(version)$/i, '1.0.0'],
  [/(status|state)$/i, 'active'],
  [/(slug|handle)$/i, 'example-slug'],
];

/** A realistic string for a field called `name`, or undefined when the name says nothing. */
function sampleByName(name: string): string | undefined {
  for (const [test, sample] of NAME_SAMPLES) if (test.test(name)) return sample;
  return undefined;
}

/** Plain strings to try against a pattern the sampler cannot read, most readable first. */
function plainCandidates(name: string): string[] {
  const named = sampleByName(name);
  return [
    ...(named === undefined ? [] : [named]),
    STRING_PLACEHOLDER,
    'example',
    'abc123',
    'a',
    '1',
    'A',
    '',
  ];
}

/** What a string field the spec says nothing about holds in a made-up example: its type, not its key. */
export const STRING_PLACEHOLDER = 'string';

function fitLength(text: string, min: number, max: number): string {
  let out = text;
  while (out.length < min) out += out.length === 0 ? 'x' : out;
  return out.slice(0, Math.max(min, Math.min(text.length, max)));
}

function numberValue(primitive: NumberPrimitive, name: string, variant: number): PrimitiveResult {
  const range = primitive.format ? INT_RANGES[primitive.format] : undefined;
  // `type: number, format: int32` is a whole number too (validators check the format so).
  const integer = primitive.type === 'integer' || range !== undefined;
  let low = Math.max(primitive.minimum ?? Number.NEGATIVE_INFINITY, range?.[0] ?? Number.NEGATIVE_INFINITY);
  let high = Math.min(primitive.maximum ?? Number.POSITIVE_INFINITY, range?.[1] ?? Number.POSITIVE_INFINITY);
  const lowOpen = primitive.exclusiveMinimum !== undefined && primitive.exclusiveMinimum >= low;
  const highOpen = primitive.exclusiveMaximum !== undefined && primitive.exclusiveMaximum <= high;
  if (lowOpen) low = primitive.exclusiveMinimum as number;
  if (highOpen) high = primitive.exclusiveMaximum as number;
  const accepts = (value: number) =>
    Number.isFinite(value) &&
    (lowOpen ? value > low : value >= low) &&
    (highOpen ? value < high : value <= high) &&
    (!integer || Number.isInteger(value)) &&
    isMultiple(value, primitive.multipleOf);

  if (variant === 0 && primitive.default !== undefined && accepts(primitive.default)) {
    return { ok: true, value: primitive.default };
  }
  for (const candidate of numberCandidates(primitive, name, variant, low, high, integer)) {
    if (accepts(candidate)) return { ok: true, value: candidate };
  }
  return { ok: false, reason: `no ${primitive.type} satisfies the bounds of "${name}"` };
}

/** Candidates in order of preference: a seeded small number, then values hugging the bounds. */
function numberCandidates(
  primitive: NumberPrimitive,
  name: string,
  variant: number,
  low: number,
  high: number,
  integer: boolean,
): number[] {
  const step = primitive.multipleOf;
  const seeded = seededInt(`${name}#${variant}`, 1, 100);
  const out: number[] = [];
  const lo = Number.isFinite(low) ? low : undefined;
  const hi = Number.isFinite(high) ? high : undefined;
  if (step !== undefined && step > 0) {
    const start =
      lo === undefined ? (hi === undefined ? 1 : Math.floor(hi / step) - 1) : Math.ceil(lo / step);
    for (let k = start + variant; k <= start + variant + 3; k++) out.push(roundTo(k * step));
    if (lo === undefined && hi === undefined) out.unshift(roundTo(seeded * step));
    // Whole numbers and zero divide exactly where fractional steps suffer binary rounding.
    const whole = lo === undefined ? 0 : Math.ceil(lo);
    for (let k = 0; k < 4; k++) out.push(whole + k * Math.max(1, Math.ceil(step)));
    out.push(0);
    return out;
  }
  if (lo === undefined && hi === undefined) {
    out.push(integer ? seeded + variant : seeded + variant + 0.5);
    return out;
  }
  // A small seeded number comes first whenever the bounds allow it: numbers stay human-sized.
  out.push(integer ? seeded + variant : seeded + variant + 0.5);
  if (lo !== undefined && hi !== undefined) {
    const width = hi - lo;
    out.push(
      integer
        ? lo + Math.min(seeded + variant, Math.floor(width / 2))
        : lo + width / 2 + (variant * width) / 8,
    );
  }
  if (lo !== undefined)
    out.push(integer ? Math.floor(lo) + 1 + variant : lo + 1 + variant, integer ? Math.ceil(lo) : lo + 0.5);
  if (hi !== undefined)
    out.push(integer ? Math.ceil(hi) - 1 - variant : hi - 1 - variant, integer ? Math.floor(hi) : hi - 0.5);
  if (lo !== undefined && hi !== undefined) out.push((lo + hi) / 2, integer ? Math.ceil(lo) : lo);
  return out;
}

function roundTo(value: number): number {
  return Number(value.toPrecision(12));
}

/** `value / step` is a whole number in floating point, exactly as JSON Schema validators check it. */
function isMultiple(value: number, step: number | undefined): boolean {
  if (step === undefined || step <= 0) return true;
  return Number.isInteger(value / step);
}
