// `npm start`: builds when dist/ is stale, then runs the CLI with the given flags.
import { ensureBuild } from './ensure-build.mjs';

await import(ensureBuild());
