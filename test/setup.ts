// Foundry's globals must exist before the system's modules are imported (they extend foundry classes at load).
import { installFoundry, type FoundryDouble } from "./foundry/globals.js";

(globalThis as unknown as { foundryDouble: FoundryDouble }).foundryDouble = installFoundry();
