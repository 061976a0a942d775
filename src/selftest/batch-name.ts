/** The self-test batch's key and name, for its host (register.ts), its flows (quench.ts) and its dialog alike. */
export const SELF_TEST_BATCH = "genesys-gdr.flows";
export const SELF_TEST_NAME = "GeneSys GdR: main flows";
