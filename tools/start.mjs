// npm start: build, package for this machine, serve. The served manifest's download points at the served zip.
import { buildSystem } from "./build.mjs";
import { packageSystem } from "./package.mjs";
import { serve } from "./serve.mjs";
import { BuildError, distDir } from "./lib/project.mjs";

const port = Number(process.env.PORT || 30001);
const out = distDir();
try {
  await buildSystem({ out });
  packageSystem({ out, base: `http://localhost:${port}/` });
  await serve({ root: out, port });
} catch (err) {
  console.error(err instanceof BuildError ? err.message : err.code === "EADDRINUSE" ? `port ${port} is busy: set PORT to another port` : err);
  process.exit(1);
}
