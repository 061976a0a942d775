// Foundry's globals must exist before the system's modules are imported (they extend foundry classes at load).
import { installFoundry, type FoundryDouble } from "./foundry/globals.js";
import { installSceneControls } from "./foundry/scene-controls.js";

(globalThis as unknown as { foundryDouble: FoundryDouble }).foundryDouble = installFoundry();
// ui.controls (the scene controls), for the Narrator's group and the self-test that opens it.
installSceneControls();
// A passing test prints nothing (test/console-guard.ts).
import "./console-guard.js";
