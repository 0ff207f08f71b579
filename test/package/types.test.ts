import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyRecipes, ROOT, type Scratch, scratchProject } from './scratch.js';

// tsc's default is skipLibCheck: false: a consumer's compiler then checks the package's declarations too.
// The consumer (recipes/consumer.ts) imports every entry point, in a project without yjs.
let scratch: Scratch;
beforeAll(async () => {
  scratch = await scratchProject();
  copyRecipes(scratch.dir, ['consumer.ts']);
}, 300_000);

const RESOLUTIONS = ['node16', 'nodenext', 'bundler'] as const;

/** Parsed files shared by the three programs: parsing them once saves most of the time of the second and third. */
const parsed = new Map<string, ts.SourceFile | undefined>();

function program(resolution: (typeof RESOLUTIONS)[number]): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: resolution === 'bundler' ? ts.ModuleKind.ESNext : resolution === 'node16' ? ts.ModuleKind.Node16 : ts.ModuleKind.NodeNext,
    moduleResolution: { node16: ts.ModuleResolutionKind.Node16, nodenext: ts.ModuleResolutionKind.NodeNext, bundler: ts.ModuleResolutionKind.Bundler }[
      resolution
    ],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: false,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => {
    const key = `${file}|${typeof language === 'object' ? `${language.languageVersion}|${language.impliedNodeFormat}` : language}`;
    if (!parsed.has(key)) parsed.set(key, read(file, language, ...rest));
    return parsed.get(key);
  };
  host.getCurrentDirectory = () => scratch.dir;
  return ts.createProgram({ rootNames: [join(scratch.dir, 'consumer.ts')], options, host });
}

const render = (diagnostics: readonly ts.Diagnostic[]): string[] =>
  diagnostics.map(
    (d) => `${d.file ? `${d.file.fileName.slice(scratch.dir.length + 1)}: ` : ''}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  );

/** The package's own declarations and the consumer: what the package is answerable for. */
const ours = (file: ts.SourceFile): boolean => !file.fileName.includes('/node_modules/') || file.fileName.includes('/node_modules/collab-service-mock/');

describe('the published types, with skipLibCheck: false and no yjs installed', () => {
  it('check in a consumer under node16, nodenext and bundler resolution: the package declarations and the consumer', () => {
    for (const resolution of RESOLUTIONS) {
      const p = program(resolution);
      const files = p.getSourceFiles().filter(ours);
      expect(files.filter((f) => f.fileName.includes('/collab-service-mock/dist/')).length, resolution).toBeGreaterThan(5);
      const diagnostics = [
        ...p.getOptionsDiagnostics(),
        ...p.getGlobalDiagnostics(),
        ...files.flatMap((f) => [...p.getSyntacticDiagnostics(f), ...p.getSemanticDiagnostics(f)]),
      ];
      expect(render(diagnostics), resolution).toEqual([]);
    }
  }, 120_000);

  // Every declaration the consumer's compiler reads, the libraries' own (msw, faker, @types/node) included, as a
  // plain `tsc` in that project checks them. It takes several times longer than the check above, so it runs
  // with the lockfile's msw only: the other CI passes change msw (its own declarations are msw's to keep) and
  // Node (which no declaration depends on); the check above still runs there against their msw.
  const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['msw'];
  const installed = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version;
  it.skipIf(installed !== pinned)(
    'check in full, as tsc does, under node16, nodenext and bundler resolution',
    () => {
      for (const resolution of RESOLUTIONS) expect(render(ts.getPreEmitDiagnostics(program(resolution))), resolution).toEqual([]);
    },
    300_000,
  );
});

describe('the shared-editors sample of docs/areas/shared-editors.md', () => {
  it('type-checks under strict with yjs, y-websocket and ws, the package imports pointing at the sources', () => {
    const page = readFileSync(join(ROOT, 'docs/areas/shared-editors.md'), 'utf8');
    const sample = /```ts\n(import \* as Y from 'yjs';[\s\S]*?)```/.exec(page)?.[1];
    expect(sample).toContain('new WebsocketProvider(');
    const dir = join(ROOT, 'node_modules/.cache/shared-editors-sample');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'sample.ts');
    writeFileSync(
      file,
      sample!
        .replace("from 'collab-service-mock/server'", "from '../../../src/adapters/node-server.js'")
        .replace("from 'collab-service-mock'", "from '../../../src/index.js'"),
    );
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    };
    const p = ts.createProgram({ rootNames: [file, join(ROOT, 'src/model/memory/wink-porter2-stemmer.d.ts')], options });
    expect(render(ts.getPreEmitDiagnostics(p).filter((d) => d.file?.fileName === file))).toEqual([]);
  }, 120_000);
});
