/**
 * Test double of foundry.data.fields: only the fields and options our models use, with v13's behaviour as
 * documented for system developers — cleaning casts, rounds integers and clamps to min/max; validation rejects
 * wrong types, NaN, null where not nullable, and values outside `choices`.
 */
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
  protected defaults(): Options {
    return { required: false, nullable: false };
  }
  get initialValue(): unknown {
    const i = this.options.initial;
    return typeof i === "function" ? (i as () => unknown)() : structuredClone(i);
  }
  /** Source value after cleaning (missing → initial). */
  clean(value: unknown): unknown {
    if (value === undefined) return this.initialValue;
    if (value === null) return null;
    return this.cast(value);
  }
  protected cast(value: unknown): unknown {
    return value;
  }
  /** Returns an error message, or undefined when valid. */
  validate(value: unknown, path: string): string | undefined {
    if (value === undefined) return this.options.required ? `${path}: may not be undefined` : undefined;
    if (value === null) return this.options.nullable ? undefined : `${path}: may not be null`;
    return this.validateType(value, path);
  }
  protected abstract validateType(value: unknown, path: string): string | undefined;
  /** The value the model instance holds (Set for SetField, plain objects for SchemaField). */
  initialize(value: unknown): unknown {
    return structuredClone(value);
  }
  protected choiceList(): unknown[] | undefined {
    const c = this.options.choices;
    if (!c) return undefined;
    return Array.isArray(c) ? [...(c as unknown[])] : Object.keys(c);
  }
}

export class NumberField extends DataField {
  protected override defaults(): Options {
    return { required: false, nullable: true };
  }
  protected override cast(value: unknown): unknown {
    let n = typeof value === "number" ? value : Number(value);
    if (Number.isNaN(n)) return n;
    if (this.options.integer) n = Math.round(n);
    if (this.options.min !== undefined) n = Math.max(n, this.options.min);
    if (this.options.max !== undefined) n = Math.min(n, this.options.max);
    return n;
  }
  protected validateType(value: unknown, path: string): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return `${path}: must be a number`;
    if (!Number.isFinite(value)) return `${path}: must be finite`;
    if (this.options.integer && !Number.isInteger(value)) return `${path}: must be an integer`;
    if (this.options.min !== undefined && value < this.options.min) return `${path}: below ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `${path}: above ${this.options.max}`;
    const choices = this.choiceList();
    if (choices && !choices.includes(value)) return `${path}: ${value} is not a valid choice`;
    return undefined;
  }
}

export class StringField extends DataField {
  protected override defaults(): Options {
    return { required: false, nullable: false, blank: true, trim: true };
  }
  constructor(options: Options = {}) {
    super(options.choices ? { blank: false, ...options } : options);
    // A required string with no initial starts blank (or null when nullable), as HTMLField() does in v13.
    if (this.options.initial === undefined && this.options.required) this.options.initial = this.options.nullable ? null : this.options.blank ? "" : undefined;
  }
  protected override cast(value: unknown): unknown {
    const s = typeof value === "string" ? value : String(value);
    return this.options.trim ? s.trim() : s;
  }
  protected validateType(value: unknown, path: string): string | undefined {
    if (typeof value !== "string") return `${path}: must be a string`;
    if (!this.options.blank && value === "") return `${path}: may not be blank`;
    const choices = this.choiceList();
    if (choices && value !== "" && !choices.includes(value)) return `${path}: "${value}" is not a valid choice`;
    return undefined;
  }
}

export class HTMLField extends StringField {
  protected override defaults(): Options {
    return { required: true, nullable: false, blank: true, trim: false };
  }
}

export class BooleanField extends DataField {
  protected override defaults(): Options {
    return { required: true, nullable: false, initial: false };
  }
  protected override cast(value: unknown): unknown {
    return typeof value === "string" ? value === "true" : Boolean(value);
  }
  protected validateType(value: unknown, path: string): string | undefined {
    return typeof value === "boolean" ? undefined : `${path}: must be a boolean`;
  }
}

export class ObjectField extends DataField {
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
  override initialize(value: unknown): unknown {
    return new Set(Array.isArray(value) ? value.map((v) => this.element.initialize(v)) : []);
  }
}
