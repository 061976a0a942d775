/** The public contract's tool requests (src/api-contract.ts) match what the tools take, so dist/genesys-api.d.ts stays true. */
import { describe, expectTypeOf, it } from "vitest";
import type { GenesysLosingControlRequest, GenesysNarratorMacros, GenesysReactionRequest, GenesysRecognitionRequest } from "../../src/api-contract.js";
import type { LosingControlToolRequest, ReactionToolRequest, RecognitionToolRequest, narratorTools } from "../../src/tools/selected-tools.js";
import type { GenesysExplosionRequest, GenesysGenericDamageRequest } from "../../src/api-contract.js";
import type { ExplosionRequest, GenericDamageRequest, hazardTools } from "../../src/hazards/hazard-tools.js";

describe("the tools' public contract", () => {
  it("names the same requests and functions", () => {
    expectTypeOf<GenesysReactionRequest>().toEqualTypeOf<ReactionToolRequest>();
    expectTypeOf<GenesysRecognitionRequest>().toEqualTypeOf<RecognitionToolRequest>();
    expectTypeOf<GenesysLosingControlRequest>().toEqualTypeOf<LosingControlToolRequest>();
    expectTypeOf<typeof narratorTools>().toExtend<Pick<GenesysNarratorMacros, "reactionForSelected" | "recognitionForSelected" | "losingControlForSelected">>();
    expectTypeOf<GenesysGenericDamageRequest>().toEqualTypeOf<GenericDamageRequest>();
    expectTypeOf<GenesysExplosionRequest>().toEqualTypeOf<ExplosionRequest>();
    expectTypeOf<typeof hazardTools>().toExtend<Pick<GenesysNarratorMacros, "genericDamageForSelected" | "explosion">>();
  });
});
