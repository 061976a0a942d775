/** The fight simulator (issue 13): pure, seeded, built on the rules functions of chapter 2. */
export * from "./prng.js";
export * from "./stats.js";
export * from "./fighter.js";
export * from "./policy.js";
export * from "./tables.js";
export * from "./encounter.js";
export * from "./tie-break.js";
