// Screenshots of the sheets without Foundry: the real templates rendered with the real handlebars package from the
// contexts the sheets' pure builders make (actors built through the test double and the real data models), the
// compiled genesys.css, and a small imitation of Foundry's window frame and core form styles, light and dark.
//
//   node tools/screenshot-sheets.mjs [--out docs/screenshots] [--lang-extra FILE.json] [--all]
//
// Needs a Chromium (Debian: apt-get install chromium). --lang-extra adds i18n keys not merged into lang/ yet
// (a file shaped { "KEY": ["Italiano", "English"] }). --all also shots every tab into the output folder. Chat cards,
// dialogs and the combat tracker: tools/screenshot-cards.mjs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import { createServer } from "vite";
import { frameCss, chromium, expandCustomElements, iconCss, shoot, withPlaceholders, cliArgs } from "./lib/screenshots.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { arg, has } = cliArgs({ usage: "node tools/screenshot-sheets.mjs [--out docs/screenshots] [--lang-extra FILE.json] [--all]", options: ["--out", "--lang-extra"], flags: ["--all"] });
const OUT = path.resolve(ROOT, arg("--out", "docs/screenshots"));
const LANG_EXTRA = arg("--lang-extra", "/tmp/lang-sheets.json");
const ALL = has("--all");

function page({ theme, title, classes, width, height, body, css }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${frameCss()}\n${iconCss()}\n${css}</style></head>
<body class="${theme}"><div class="application ${classes}" style="--w:${width}px;--h:${height}px">
<header class="window-header"><span class="title">${title}</span><span class="controls">⚙ ✕</span></header>
<section class="window-content">${expandCustomElements(withPlaceholders(body))}</section></div></body></html>`;
}

async function main() {
  const browser = chromium();
  const css = sass.compile(path.join(ROOT, "styles/genesys.scss"), { loadPaths: [path.join(ROOT, "styles")] }).css;
  const extra = {};
  if (LANG_EXTRA && fs.existsSync(LANG_EXTRA)) {
    for (const [key, [italian]] of Object.entries(JSON.parse(fs.readFileSync(LANG_EXTRA, "utf8")))) extra[key] = italian;
  }

  // The fixtures are TypeScript and need the Foundry double installed first: load them through Vite.
  const server = await createServer({ root: ROOT, configFile: false, logLevel: "error", server: { middlewareMode: true }, appType: "custom" });
  try {
    const globals = await server.ssrLoadModule("/test/foundry/globals.ts");
    globalThis.foundryDouble = globals.installFoundry();
    const f = await server.ssrLoadModule("/test/applications/sheet-fixtures.ts");
    const strings = f.translations("it", extra);
    fs.mkdirSync(OUT, { recursive: true });

    const alven = await f.alven();
    const wolf = await f.wolf();
    const club = (await f.alven()).items.find((i) => i.name === "Clava");
    const person = (theme, tab) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 860, css, body: f.renderPerson(alven, strings, { isGM: false }, tab) });
    const animal = (theme, tab) => page({ theme, title: "Lupo di prova", classes: "sheet genesys actor animal", width: 680, height: 900, css, body: f.renderAnimal(wolf, strings, { isGM: true }, tab) });
    const weapon = (theme) => page({ theme, title: "Clava", classes: "sheet genesys item", width: 560, height: 760, css, body: f.renderItem(club, strings, { isGM: false }) });

    shoot(browser, person("theme-light", "main"), path.join(OUT, "character-light.png"), 720, 860);
    shoot(browser, person("theme-dark", "main"), path.join(OUT, "character-dark.png"), 720, 860);
    // The combat tab: each weapon row's Attack button and the skill check's icon (issue 10).
    shoot(browser, person("theme-light", "combat"), path.join(OUT, "character-combat-light.png"), 720, 520);
    shoot(browser, person("theme-dark", "combat"), path.join(OUT, "character-combat-dark.png"), 720, 520);
    // §2.2.6 a magazine: rounds left out of C and the reload button; the pistol put away, the knife drawn.
    const gunman = await f.createActor({
      name: "Alven", type: "character", system: { characteristics: f.ALVEN_CHARACTERISTICS },
      items: [
        { name: "Pistola", type: "weapon", system: { skill: "pistola", modes: [{ key: "oneHanded", skill: "", damage: { dice: 4, faces: 6, strength: false, flat: 0, type: "wounding" }, minStrength: 7, magazine: 12, preparation: 3, range: { kind: "metres", value: 600 }, multiAttack: 1 }], mode: 0, ready: false, rounds: 4 } },
        { name: "Coltello", type: "weapon", system: { skill: "armi_da_mischia", modes: [{ key: "melee", skill: "", damage: { dice: 1, faces: 6, strength: true, flat: -2, type: "wounding" }, minStrength: 4, magazine: null, preparation: 0, range: { kind: "reach", value: 0 }, multiAttack: 1 }], mode: 0, ready: true, rounds: null } },
      ],
    });
    // §3.2.5 a leg crippled by an aimed hit: the tag beside the condition, Speed 1 in the header.
    await gunman.update({ system: { wounds: { value: 12 }, crippledLimbs: [{ limb: "leg", recordId: "r", wounds: 0, fatigue: 0 }] } });
    const arsenal = (theme) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 440, css, body: f.renderPerson(gunman, strings, { isGM: false }, "combat") });
    shoot(browser, arsenal("theme-light"), path.join(OUT, "character-weapons-light.png"), 720, 440);
    shoot(browser, arsenal("theme-dark"), path.join(OUT, "character-weapons-dark.png"), 720, 440);
    // Active Effects (issue 11): an item's effect and a disabled one in the list, the sources beside the numbers.
    const fx = (name, changes, extra = {}) => ({ name, changes: changes.map(([key, value]) => ({ key, mode: 2, value, priority: null })), ...extra });
    const wearer = await f.createActor({
      name: "Alven", type: "character", system: { characteristics: f.ALVEN_CHARACTERISTICS },
      items: [
        { name: "Anello di forza", type: "gear", system: { weight: 0 }, effects: [fx("Anello di forza", [["system.characteristics.strength", "1"]])] },
        { name: "Amuleto del coraggio", type: "trait", effects: [fx("Cuore saldo", [["genesys.check.experience", "2"]], { disabled: true })] },
        { name: "Stivali leggeri", type: "gear", system: { weight: 1 }, effects: [fx("Passo lungo", [["system.derived.speed", "2"]])] },
      ],
    });
    // Issue 19: the player's own effect waits for the Narrator, who sees Approve beside it.
    await wearer.update({ ownership: { default: 3 } });
    const seat = globalThis.game.user;
    globalThis.foundryDouble.setUser(globalThis.foundryDouble.users.find((u) => !u.isGM));
    await wearer.createEmbeddedDocuments("ActiveEffect", [fx("Fortuna sfacciata", [["genesys.check", "5"]])]);
    globalThis.foundryDouble.setUser(seat);
    const effects = (theme, isGM) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 1250, css, body: f.renderPerson(wearer, strings, { isGM }, "main") });
    shoot(browser, effects("theme-light", false), path.join(OUT, "effects-list-light.png"), 720, 1250);
    shoot(browser, effects("theme-dark", false), path.join(OUT, "effects-list-dark.png"), 720, 1250);
    shoot(browser, effects("theme-light", true), path.join(OUT, "effects-approval-light.png"), 720, 1250);
    shoot(browser, effects("theme-dark", true), path.join(OUT, "effects-approval-dark.png"), 720, 1250);
    // Creation mode (§1.3.3): the allowance meter, over on characteristics and under on grades, as the player sees it.
    const creating = await f.alvenInCreation();
    const creation = (theme) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 560, css, body: f.renderPerson(creating, strings, { isGM: false }, "main") });
    shoot(browser, creation("theme-light"), path.join(OUT, "character-creation-light.png"), 720, 560);
    shoot(browser, creation("theme-dark"), path.join(OUT, "character-creation-dark.png"), 720, 560);
    shoot(browser, animal("theme-light", "main"), path.join(OUT, "animal.png"), 680, 900);
    // The Narrator's combat tab of an animal: Attack and the §3.1.3 Reaction button beside it.
    shoot(browser, animal("theme-light", "combat"), path.join(OUT, "animal-combat-light.png"), 680, 520);
    shoot(browser, weapon("theme-light"), path.join(OUT, "weapon.png"), 560, 760);
    // §1.8.3 the skills tab with a study under way (Naturalistica with a teacher, 4.5 of 18 days) and each row's Study button.
    const studying = await f.alven();
    const { startStudy } = await server.ssrLoadModule("/src/study/study-dialog.ts");
    const naturalistica = studying.items.find((i) => i.name === "Naturalistica");
    await startStudy(studying, naturalistica.id, { related: false, teacher: "custom", teacherGrade: 14, teacherCharm: 7, rate: 1 });
    await studying.update({ system: { study: { progressDays: 4.5 } } });
    const studyTab = (theme) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 520, css, body: f.renderPerson(studying, strings, { isGM: false }, "skills") });
    shoot(browser, studyTab("theme-light"), path.join(OUT, "character-study-light.png"), 720, 520);
    shoot(browser, studyTab("theme-dark"), path.join(OUT, "character-study-dark.png"), 720, 520);
    if (ALL) {
      for (const tab of ["skills", "inventory", "biography"]) {
        shoot(browser, person("theme-light", tab), path.join(OUT, `character-${tab}-light.png`), 720, 860);
        shoot(browser, person("theme-dark", tab), path.join(OUT, `character-${tab}-dark.png`), 720, 860);
      }
      shoot(browser, animal("theme-dark", "main"), path.join(OUT, "animal-dark.png"), 680, 900);
      shoot(browser, animal("theme-dark", "combat"), path.join(OUT, "animal-combat-dark.png"), 680, 900);
      shoot(browser, weapon("theme-dark"), path.join(OUT, "weapon-dark.png"), 560, 760);
    }
  } finally {
    await server.close();
  }
}

await main();
