/**
 * Test double of foundry.abstract.DataModel / TypeDataModel: migrate → clean → validate → initialize.
 * - migrateData sees the raw source first (v13 API DataModel.migrateData: "candidate source data … which may require
 *   initial cleaning or transformations"; foundryvtt/foundryvtt#10353 on token deltas).
 * - Cleaning comes before validation and is what gets stored (fields.ts; foundryvtt/foundryvtt#12487).
 */
import { DataModelValidationError, SchemaField, type DataField } from "./fields.js";

/** foundry.utils.expandObject: dot-notation keys become nested objects ("system.wounds.value"), the way updates may be
 *  written (dnd5e base-actor-sheet.mjs `item.update({ "system.container": null })`; V13-API §6.3 `name="system.…"`). */
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

/** Recursive merge of plain objects, and "-=key": null deletes the key (foundry.utils.mergeObject, v13 API: inner
 *  objects merged, `performDeletions` for "-=" keys); arrays and Sets are replaced whole (assumption: an ArrayField
 *  update carries the whole array, which is how form-arrays.ts writes them). */
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
  /** defineSchema is read once per class and cached (v13 API DataModel.schema: "The defined and cached Data Schema"). */
  static get schema(): SchemaField {
    let s = DataModel.#schemas.get(this);
    if (!s) {
      s = new SchemaField(this.defineSchema());
      DataModel.#schemas.set(this, s);
    }
    return s;
  }
  /** Identity unless a model overrides it (V13-API §2.2 `return super.migrateData(source)`). */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  /** A source that fails validation throws DataModelValidationError; `parent` is the owning document (v13 API
   *  DataModel#parent: "An immutable reverse-reference to a parent DataModel"). Throwing rather than keeping an invalid
   *  model (core's `strict` option) is an assumption for what our tests create. */
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

  /** Rebuilds instance properties from the source, discarding derived data (v13 API DataModel#reset: "Reset the state
   *  of this data instance back to mirror the contained source data, erasing any changes"). */
  _initialize(): void {
    const values = this.schema.initialize(this._source) as Record<string, unknown>;
    for (const key of Object.keys(this)) Reflect.deleteProperty(this, key);
    Object.assign(this, values);
  }

  /** Applies changes to the source: "expanded, cleaned, validated, and stored" (v13 API DataModel#updateSource); on a
   *  validation error nothing changes and the error is thrown (assumption: core checks the whole result first). */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const ctor = this.constructor as typeof DataModel;
    const next = ctor.schema.clean(ctor.migrateData(mergeObject(this._source, changes))) as Record<string, unknown>;
    const error = ctor.schema.validate(next, "");
    if (error) throw new DataModelValidationError(`${ctor.name} validation errors: ${error}`);
    this._source = next;
    this._initialize();
    return changes;
  }

  /** A copy of the source, never the live object (v13 API DataModel#toObject(source = true)). */
  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }
}

/** The hooks a document calls around its own preparation (documents.ts prepareData; v13 API TypeDataModel: "Prepare
 *  data related to this DataModel itself, before any derived data is computed"). */
export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** The writing client's checks before a create or an update reaches the server (V13-API §2.1 TypeDataModel
   *  `_preCreate`, `_preUpdate`); `false` cancels. Called by the owning document (documents.ts). */
  _preCreate(_data: unknown, _options: unknown, _user: unknown): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }
  _preUpdate(_changes: unknown, _options: unknown, _user: unknown): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }
}
