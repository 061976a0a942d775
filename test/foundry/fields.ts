/**
 * Test double of foundry.data.fields: only the fields and options our models use. Cleaning (on construction and on
 * every update) casts, rounds integers and CLAMPS to min/max; validation, after cleaning, rejects wrong types, NaN,
 * null where not nullable, non-positive numbers of a `positive` field and values outside `choices`.
 *
 * Clamp or reject, on the evidence (v13):
 * - min/max clamp: foundryvtt/foundryvtt#12487 (v13, April 2025: a NumberField {min: 1, max: 3} given 4 or 5 is
 *   "auto updated" to 3, "the cleanData will update the 5 to 3"; aaclayton: "the correct data is cleaned and
 *   persisted"); foundryvtt/crucible#1178 (Foundry's own system: a value above a schema `max` "caps it to a lower
 *   value"); foundryvtt/foundryvtt#11557 (v13 breaking: cleaning snaps to `step` counted from `min`).
 * - `positive` rejects instead: since v12 a negative value "now fails validation", no Math.abs (foundryvtt/foundryvtt#10393).
 * - null into a non-nullable NumberField is an error, not a default (foundryvtt/foundryvtt#13804).
 */
/** What a failed validation throws (v13 API foundry.data.validation.DataModelValidationError); the messages here are
 *  the double's own, tests match on the field path and reason. */
export class DataModelValidationError extends Error {}

type Initial = unknown;
interface Options {
  required?: boolean; nullable?: boolean; initial?: Initial; label?: string; hint?: string; gmOnly?: boolean;
  integer?: boolean; min?: number; max?: number; positive?: boolean; choices?: readonly unknown[] | Record<string, string>;
  blank?: boolean; trim?: boolean;
}

export abstract class DataField {
  options: Options;
  name = "";
  constructor(options: Options = {}) {
    this.options = { ...this.defaults(), ...options };
  }
  /** A field's defaults unless its class says otherwise: not required, not nullable (assumption; V13-API §2.3 lists
   *  the per-class defaults our models meet). Options such as label, hint and gmOnly are only kept (read by tests). */
  protected defaults(): Options {
    return { required: false, nullable: false };
  }
  get initialValue(): unknown {
    const i = this.options.initial;
    return typeof i === "function" ? (i as () => unknown)() : structuredClone(i);
  }
  /** Source value after cleaning: a missing value takes `initial`, a value or a function of the data (V13-API §2.3
   *  `initial (value or (data)=>value)`); null is kept for validation to judge (foundryvtt/foundryvtt#13804). */
  clean(value: unknown): unknown {
    if (value === undefined) return this.initialValue;
    if (value === null) return null;
    return this.cast(value);
  }
  protected cast(value: unknown): unknown {
    return value;
  }
  /** Returns an error message, or undefined when valid; `required` refuses undefined, `nullable` decides null
   *  (V13-API §2.3: the option pairs give `number`, `number | null`, `number | undefined`). */
  validate(value: unknown, path: string): string | undefined {
    if (value === undefined) return this.options.required ? `${path}: may not be undefined` : undefined;
    if (value === null) return this.options.nullable ? undefined : `${path}: may not be null`;
    return this.validateType(value, path);
  }
  protected abstract validateType(value: unknown, path: string): string | undefined;
  /** The value the model instance holds: a copy of the source, a Set for SetField (V13-API §2.3). */
  initialize(value: unknown): unknown {
    return structuredClone(value);
  }
  /** `choices` as an array or as the keys of a value → label record (v13 API _NumberFieldOptions.choices:
   *  "An array of values or an object of values/labels"). */
  protected choiceList(): unknown[] | undefined {
    const c = this.options.choices;
    if (!c) return undefined;
    return Array.isArray(c) ? [...(c as unknown[])] : Object.keys(c);
  }
}

export class NumberField extends DataField {
  /** `new NumberField()` is `number | null | undefined`: not required, nullable (V13-API §2.3). */
  protected override defaults(): Options {
    return { required: false, nullable: true };
  }
  /** Number(value), then integer rounding and the min/max clamp of the file comment. Rounding (Math.round rather than
   *  truncation) is an assumption; cleaning does reshape numbers (it snaps to `step`: foundryvtt/foundryvtt#7998). */
  protected override cast(value: unknown): unknown {
    let n = typeof value === "number" ? value : Number(value);
    if (Number.isNaN(n)) return n;
    if (this.options.integer) n = Math.round(n);
    if (this.options.min !== undefined) n = Math.max(n, this.options.min);
    if (this.options.max !== undefined) n = Math.min(n, this.options.max);
    return n;
  }
  /** NaN and infinities are refused ("must be a finite number", foundryvtt/foundryvtt#13804); the integer and
   *  min/max checks only matter for values that skipped cleaning (assumption: core checks them too). */
  protected validateType(value: unknown, path: string): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return `${path}: must be a number`;
    if (!Number.isFinite(value)) return `${path}: must be finite`;
    if (this.options.integer && !Number.isInteger(value)) return `${path}: must be an integer`;
    if (this.options.positive && value <= 0) return `${path}: must be a positive number`;
    if (this.options.min !== undefined && value < this.options.min) return `${path}: below ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `${path}: above ${this.options.max}`;
    const choices = this.choiceList();
    if (choices && !choices.includes(value)) return `${path}: ${value} is not a valid choice`;
    return undefined;
  }
}

export class StringField extends DataField {
  /** `new StringField()` is `string | undefined`, blank allowed (V13-API §2.3); trimming by default is an assumption. */
  protected override defaults(): Options {
    return { required: false, nullable: false, blank: true, trim: true };
  }
  /** With `choices` a blank string is refused unless `blank: true` is given (V13-API §2.3: "with choices, the
   *  defaults become nullable:false, blank:false"). */
  constructor(options: Options = {}) {
    super(options.choices ? { blank: false, ...options } : options);
    // A required string with no initial starts blank (or null when nullable), as HTMLField() does in v13 (V13-API §2.3:
    // `new HTMLField()` is `string`; `{required:true, blank:true, initial:""}` is the documented spelling).
    if (this.options.initial === undefined && this.options.required) this.options.initial = this.options.nullable ? null : this.options.blank ? "" : undefined;
  }
  /** String(value), trimmed when `trim` (assumption: core casts any value to a string when cleaning). */
  protected override cast(value: unknown): unknown {
    const s = typeof value === "string" ? value : String(value);
    return this.options.trim ? s.trim() : s;
  }
  /** A blank string is judged by `blank` alone, before `choices` (assumption: our animal capabilities store "" for
   *  "always" in a choices field with `blank: true`). */
  protected validateType(value: unknown, path: string): string | undefined {
    if (typeof value !== "string") return `${path}: must be a string`;
    if (!this.options.blank && value === "") return `${path}: may not be blank`;
    const choices = this.choiceList();
    if (choices && value !== "" && !choices.includes(value)) return `${path}: "${value}" is not a valid choice`;
    return undefined;
  }
}

export class HTMLField extends StringField {
  /** `new HTMLField()` is `string`: required, blank allowed (V13-API §2.3); not trimmed (assumption). */
  protected override defaults(): Options {
    return { required: true, nullable: false, blank: true, trim: false };
  }
}

export class BooleanField extends DataField {
  /** `new BooleanField()` is `boolean`: required, not nullable, initial false (V13-API §2.3). */
  protected override defaults(): Options {
    return { required: true, nullable: false, initial: false };
  }
  /** "true" → true, anything else by truthiness (assumption). */
  protected override cast(value: unknown): unknown {
    return typeof value === "string" ? value === "true" : Boolean(value);
  }
  protected validateType(value: unknown, path: string): string | undefined {
    return typeof value === "boolean" ? undefined : `${path}: must be a boolean`;
  }
}

export class ObjectField extends DataField {
  /** `new ObjectField()` is `AnyObject`, initially {} (V13-API §2.3; required and the {} initial are assumptions). */
  protected override defaults(): Options {
    return { required: true, nullable: false, initial: () => ({}) };
  }
  protected validateType(value: unknown, path: string): string | undefined {
    return typeof value === "object" ? undefined : `${path}: must be an object`;
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: Options = {}) {
    super({ required: true, nullable: false, ...options });
    this.fields = fields;
    for (const [k, f] of Object.entries(fields)) f.name = k;
  }
  /** A missing or partial object is filled with each field's initial (V13-API §2.3: a SchemaField is
   *  `{ v: number; t: string }`, never undefined; that each key takes its own initial is an assumption). */
  override get initialValue(): unknown {
    return this.clean({});
  }
  override clean(value: unknown): unknown {
    if (value === undefined) value = {};
    if (value === null || typeof value !== "object") return value;
    const src = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.clean(src[k]);
    return out;
  }
  protected validateType(value: unknown, path: string): string | undefined {
    if (typeof value !== "object" || Array.isArray(value)) return `${path}: must be an object`;
    const src = value as Record<string, unknown>;
    for (const [k, f] of Object.entries(this.fields)) {
      const e = f.validate(src[k], path ? `${path}.${k}` : k);
      if (e) return e;
    }
    return undefined;
  }
  override initialize(value: unknown): unknown {
    if (value === null || typeof value !== "object") return value;
    const src = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.initialize(src[k])]));
  }
}

export class ArrayField extends DataField {
  element: DataField;
  /** Required, initially [] (V13-API §2.3: `new ArrayField(new StringField({required:true}))` is `string[]`); a Set is
   *  stored as an array; `min` counts entries (V13-API §2.3: "ArrayField adds min, max, empty, exact"); each element is
   *  cleaned and validated by the element field. */
  constructor(element: DataField, options: Options = {}) {
    super({ required: true, nullable: false, initial: () => [], ...options });
    this.element = element;
  }
  override clean(value: unknown): unknown {
    if (value === undefined) return this.initialValue;
    if (value instanceof Set) value = [...value];
    if (!Array.isArray(value)) return value;
    return value.map((v) => this.element.clean(v));
  }
  protected validateType(value: unknown, path: string): string | undefined {
    if (!Array.isArray(value)) return `${path}: must be an array`;
    if (this.options.min !== undefined && value.length < this.options.min) return `${path}: needs at least ${this.options.min} entries`;
    for (const [i, v] of value.entries()) {
      const e = this.element.validate(v, `${path}.${i}`);
      if (e) return e;
    }
    return undefined;
  }
  override initialize(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v)) : value;
  }
}

export class SetField extends ArrayField {
  /** Stored as an array, held as a Set (V13-API §2.3: "Set<string> (stored as string[])"). */
  override initialize(value: unknown): unknown {
    return new Set(Array.isArray(value) ? value.map((v) => this.element.initialize(v)) : []);
  }
}
