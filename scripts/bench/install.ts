import { scratchProject } from '../../test/package/scratch.js';

/**
 * What a consumer downloads and keeps: the tarball `npm pack` makes, and the consumer's node_modules after
 * installing it (the test tools the package test links in are not counted).
 */
export async function benchInstall(): Promise<Record<string, number>> {
  const { pack } = await scratchProject();
  return {
    'package tarball (KB)': Math.round(pack.tarballBytes / 1024),
    'consumer install, node_modules (MB)': Math.round(pack.installBytes / 1024 / 102.4) / 10,
  };
}
