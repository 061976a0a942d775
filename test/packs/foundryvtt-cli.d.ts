// The Foundry CLI ships plain JavaScript: the two functions the pack tests call, typed from its JSDoc.
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackEntry {
    _id: string;
    name?: string;
    _key?: string;
    [key: string]: unknown;
  }
  interface PackageOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    transformEntry?: (entry: PackEntry, context?: { documentType?: string }) => Promise<false | undefined>;
  }
  export function compilePack(src: string, dest: string, options?: PackageOptions & { recursive?: boolean }): Promise<void>;
  export function extractPack(
    src: string,
    dest: string,
    options?: PackageOptions & {
      clean?: boolean;
      jsonOptions?: { space?: number | string };
      transformName?: (entry: PackEntry, context?: { documentType?: string; folder?: string }) => Promise<string | undefined>;
    },
  ): Promise<void>;
}
