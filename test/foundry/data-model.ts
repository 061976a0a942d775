/** Test double of foundry.abstract.DataModel / TypeDataModel: migrate → clean → validate → initialize. */
import { DataModelValidationError, SchemaField, type DataField } from "./fields.js";

export function expandObject(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const parts = key.split(".");
    let target = out;
    for (const p of parts.slice(0, -1)) target = (target[p] ??= {}) as Record<string, unknown>;
    const last = parts[parts.length - 1] ?? key;
    const existing = target[last];
    target[last] = isPlain(value) && isPlain(existing) ? mergeObject(existing, expandObject(value)) : isPlain(value) ? expandObject(value) : value;
  }
  return out;
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Set);
}

/** Recursive merge of plain objects; arrays and Sets are replaced, as Foundry's updates do. */
export function mergeObject(target: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(target);
  for (const [k, v] of Object.entries(expandObject(changes))) {
    // Foundry's deletion syntax: {"-=key": null} removes the key.
    if (k.startsWith("-=")) {
      Reflect.deleteProperty(out, k.slice(2));
      continue;
    }
    const cur = out[k];
    out[k] = isPlain(v) && isPlain(cur) ? mergeObject(cur, v) : v;
  }
  return out;
}

export class DataModel {
  declare _source: Record<string, unknown>;
  declare readonly parent: unknown;

  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static #schemas = new WeakMap<object, SchemaField>();
  static get schema(): SchemaField {
    let s = DataModel.#schemas.get(this);
    if (!s) {
      s = new SchemaField(this.defineSchema());
      DataModel.#schemas.set(this, s);
    }
    return s;
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  constructor(data: Record<string, unknown> = {}, { parent = null }: { parent?: unknown } = {}) {
    Object.defineProperty(this, "parent", { value: parent, enumerable: false });
    const ctor = this.constructor as typeof DataModel;
    const source = ctor.schema.clean(ctor.migrateData(structuredClone(data))) as Record<string, unknown>;
    const error = ctor.schema.validate(source, "");
    if (error) throw new DataModelValidationError(`${ctor.name} validation errors: ${error}`);
    Object.defineProperty(this, "_source", { value: source, writable: true, enumerable: false });
    this._initialize();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /** Rebuilds instance properties from the source, discarding derived data. */
  _initialize(): void {
    const values = this.schema.initialize(this._source) as Record<string, unknown>;
    for (const key of Object.keys(this)) Reflect.deleteProperty(this, key);
    Object.assign(this, values);
  }

  /** Applies changes to the source; on a validation error nothing changes and the error is thrown. */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const ctor = this.constructor as typeof DataModel;
    const next = ctor.schema.clean(ctor.migrateData(mergeObject(this._source, changes))) as Record<string, unknown>;
    const error = ctor.schema.validate(next, "");
    if (error) throw new DataModelValidationError(`${ctor.name} validation errors: ${error}`);
    this._source = next;
    this._initialize();
    return changes;
  }

  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }
}

export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}
