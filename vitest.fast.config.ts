import { defineConfig } from 'vitest/config';
import base, { SLOW } from './vitest.config.js';

// `npm run test:fast`: the in-process suite without the files that build, pack, spawn or drive a browser, run in one
// module graph (`isolate: false`), so the sources, the served surface and the lazily loaded tables load once rather
// than once per file. `npm test` keeps every file isolated.
export default defineConfig({ ...base, test: { ...base.test, exclude: [...(base.test?.exclude ?? []), ...SLOW], isolate: false } });
