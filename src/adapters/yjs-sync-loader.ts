import { ServiceError } from '../errors.js';
import { isMissing, loadYjs } from '../model/state/yjs.js';
import type { MockService } from '../service.js';
import type { YjsSync } from './yjs-sync.js';

/** The packages the live sync endpoint loads, all optional peers of collab-service-mock. */
const SYNC_PACKAGES = ['yjs', 'y-protocols', 'ws'];

/**
 * The live sync endpoint, loaded on the first upgrade request: ws, y-protocols and yjs are optional, so a
 * server without them starts, serves the REST API, and answers upgrades 501 naming what to install.
 * @example server.on('upgrade', (req, socket, head) => lazyYjsSync(service).handleUpgrade(req, socket, head));
 */
export function lazyYjsSync(service: MockService): YjsSync {
  let sync: YjsSync | undefined;
  let loading: Promise<YjsSync | string> | undefined;
  let closed = false;
  const load = (): Promise<YjsSync | string> =>
    (loading ??= Promise.all([import('./yjs-sync.js'), loadYjs()]).then(
      ([module]) => (sync = module.createYjsSync(service)),
      (error: unknown) => {
        if (!isMissing(error) && !(error instanceof ServiceError && error.status === 'UNIMPLEMENTED')) throw error;
        const named = /Cannot find (?:package|module) '([^']+)'/.exec(String(error))?.[1];
        const missing = error instanceof ServiceError ? 'yjs' : SYNC_PACKAGES.find((name) => named === name || named?.startsWith(`${name}/`));
        return `Live sync needs the packages ${SYNC_PACKAGES.join(', ')}${missing ? ` (${missing} is not installed)` : ''}: run \`npm install ${SYNC_PACKAGES.join(' ')}\` in your project.`;
      },
    ));
  return {
    handleUpgrade(request, socket, head) {
      if (sync) return sync.handleUpgrade(request, socket, head);
      if (closed) return void socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      load().then(
        (loaded) => {
          if (typeof loaded !== 'string') return loaded.handleUpgrade(request, socket, head);
          const body = `${loaded}\n`;
          socket.end(
            `HTTP/1.1 501 Not Implemented\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
          );
        },
        () => socket.destroy(),
      );
    },
    get connections() {
      return sync?.connections ?? 0;
    },
    close() {
      closed = true;
      return loading
        ? loading.then(
            (loaded) => (typeof loaded === 'string' ? undefined : loaded.close()),
            () => undefined,
          )
        : Promise.resolve();
    },
  };
}
