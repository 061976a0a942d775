/**
 * Test double of the application classes our sheets extend at load time and of the v13 sheet registry
 * (foundry.documents.collections.Actors/Items.registerSheet), which records each registration.
 * The ApplicationV2 runtime itself (rendering, forms, tabs) is not imitated: sheet contexts are tested through
 * their pure builders and the templates with the real handlebars package.
 */
export interface SheetRegistration {
  collection: "Actors" | "Items";
  scope: string;
  sheetClass: unknown;
  options: { types?: string[]; makeDefault?: boolean; label?: string };
}

class ApplicationV2 {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
}
class DocumentSheetV2 extends ApplicationV2 {}
class ActorSheetV2 extends DocumentSheetV2 {}
class ItemSheetV2 extends DocumentSheetV2 {}

/** v13 mixes Handlebars rendering into an application class; here only the class shape matters. */
function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  class HandlebarsApplication extends (Base as typeof ApplicationV2) {
    static PARTS: Record<string, unknown> = {};
  }
  // The subclass has Base's shape plus PARTS; TypeScript's mixin rule would need an any[] constructor to see that.
  return HandlebarsApplication as unknown as T;
}

function registry(collection: SheetRegistration["collection"], registrations: SheetRegistration[]) {
  return {
    registerSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}): void {
      registrations.push({ collection, scope, sheetClass, options });
    },
  };
}

export interface SheetsDouble {
  registrations: SheetRegistration[];
}

export function installSheets(): SheetsDouble {
  const g = globalThis as unknown as Record<string, Record<string, unknown>>;
  const s: SheetsDouble = { registrations: [] };
  g["sheetsDouble"] = s as unknown as Record<string, unknown>;
  const foundry = g["foundry"] ?? {};
  const applications = (foundry["applications"] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  foundry["applications"] = {
    ...applications,
    api: { ...applications["api"], ApplicationV2, DocumentSheetV2, HandlebarsApplicationMixin },
    sheets: { ...applications["sheets"], ActorSheetV2, ItemSheetV2 },
  };
  const documents = (foundry["documents"] ?? {}) as Record<string, unknown>;
  foundry["documents"] = { ...documents, collections: { Actors: registry("Actors", s.registrations), Items: registry("Items", s.registrations) } };
  return s;
}
