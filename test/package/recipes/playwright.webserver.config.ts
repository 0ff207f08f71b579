// playwright.config.ts — one emulator for the whole run, started by Playwright (COLLAB_MOCK_PORT picks the port).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.COLLAB_MOCK_PORT ?? 4780);

export default defineConfig({
  testMatch: 'collab-webserver.spec.ts',
  webServer: {
    command: `npx collab-service-mock --scenario starter --port ${port} --quiet`,
    url: `http://127.0.0.1:${port}/__mock/health`,
    reuseExistingServer: !process.env.CI,
  },
  use: { baseURL: `http://127.0.0.1:${port}` },
});
