export * from "./errors.js";
