import { rolldown } from 'rolldown';

/** Options of `bundle`. */
export interface BundleOptions {
  /** `browser` resolves the browser builds of dependencies. */
  platform: 'browser' | 'node';
  minify?: boolean;
  /** Module ids left as imports. */
  external?: (string | RegExp)[];
  /** Import specifiers redirected to files, e.g. the package's own name to `src/index.ts`. */
  alias?: Record<string, string>;
}

/**
 * Bundles one TypeScript entry of the project with rolldown (the engine of the project's own tsdown build)
 * into one ES module; `.js` specifiers resolve to the `.ts` sources.
 * @example const code = await bundle('test/browser/page.ts', { platform: 'browser' });
 */
export async function bundle(entry: string, options: BundleOptions): Promise<string> {
  const build = await rolldown({
    input: entry,
    platform: options.platform,
    external: options.external ?? [],
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] }, ...(options.alias ? { alias: options.alias } : {}) },
    logLevel: 'silent',
  });
  try {
    const { output } = await build.generate({ format: 'esm', minify: options.minify ?? false, codeSplitting: false });
    const chunk = output[0];
    if (chunk?.type !== 'chunk') throw new Error(`bundling ${entry} produced no chunk`);
    return chunk.code;
  } finally {
    await build.close();
  }
}

/**
 * Bundles an entry into a directory with code splitting (dynamic imports become their own chunks).
 * @example await bundleToDir('test/browser/page.ts', 'test/browser/.out/bundle', { platform: 'browser' });
 */
export async function bundleToDir(entry: string, dir: string, options: BundleOptions): Promise<void> {
  const build = await rolldown({
    input: { page: entry },
    platform: options.platform,
    external: options.external ?? [],
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] }, ...(options.alias ? { alias: options.alias } : {}) },
    logLevel: 'silent',
  });
  try {
    await build.write({ dir, format: 'esm', minify: options.minify ?? false, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  } finally {
    await build.close();
  }
}
