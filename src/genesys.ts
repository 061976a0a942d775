/** GeneSys GdR — hook wiring only. */
Hooks.once("init", () => {
  console.log("GeneSys GdR | init");
});
