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
    shoot(browser, animal("theme-light", "main"), path.join(OUT, "animal.png"), 680, 900);
    // The Narrator's combat tab of an animal: Attack and the §3.1.3 Reaction button beside it.
    shoot(browser, animal("theme-light", "combat"), path.join(OUT, "animal-combat-light.png"), 680, 520);
    shoot(browser, weapon("theme-light"), path.join(OUT, "weapon.png"), 560, 760);
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
