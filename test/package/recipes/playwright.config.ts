// playwright.config.ts — Playwright drives Debian's Chromium (browsers are not downloaded here).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testMatch: 'collab-mock.spec.ts',
  use: { launchOptions: { executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] } },
});
