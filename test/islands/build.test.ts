import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Output = { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] };
type BuildResult = { outdir: string; manifest: Record<string, string>; metafile: { outputs: Record<string, Output> } };

const configUrl = pathToFileURL(path.resolve('esbuild.config.mjs')).href;

describe('islands build (esbuild.config.mjs)', () => {
  let outdir: string;
  let result: BuildResult;

  before(async () => {
    outdir = path.join(mkdtempSync(path.join(tmpdir(), 'islands-')), 'build');
    const { build } = (await import(configUrl)) as { build: (o: object) => Promise<BuildResult> };
    result = await build({ outdir, quiet: true });
  });
  after(() => rmSync(path.dirname(outdir), { recursive: true, force: true }));

  const fileOf = (url: string) => path.join(outdir, url.replace(/^\/build\//, ''));
  const outputOf = (url: string) => {
    const abs = fileOf(url);
    const key = Object.keys(result.metafile.outputs).find((k) => path.resolve(k) === abs);
    expect(key, `metafile output for ${url}`).to.be.a('string');
    return [key!, result.metafile.outputs[key!]] as const;
  };

  it('writes a manifest of hashed URLs whose files exist', () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    expect(manifest).to.deep.equal(result.manifest);
    expect(manifest['boot.js']).to.match(/^\/build\/boot-[A-Z0-9]+\.js$/);
    expect(manifest['app.css']).to.match(/^\/build\/app-[A-Z0-9]+\.css$/);
    for (const url of Object.values<string>(manifest)) expect(existsSync(fileOf(url)), url).to.equal(true);
    expect(existsSync(`${fileOf(manifest['boot.js'])}.map`)).to.equal(true);
  });

  it('keeps React out of boot and everything boot loads statically', () => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const out = result.metafile.outputs[key];
      for (const input of Object.keys(out.inputs))
        expect(input, `${key} bundles ${input}`).not.to.match(/node_modules\/(react|react-dom|scheduler)\//);
      for (const imp of out.imports) if (imp.kind === 'import-statement') visit(imp.path);
    };
    visit(outputOf(result.manifest['boot.js'])[0]);
    const bootCode = readFileSync(fileOf(result.manifest['boot.js']), 'utf8');
    expect(bootCode).not.to.include('react.transitional.element');
    expect(bootCode).not.to.include('hydrateRoot');
  });

  it('puts React in a shared chunk and each island in its own', () => {
    const chunks = Object.entries(result.metafile.outputs).filter(([k]) => k.includes('/chunks/') && k.endsWith('.js'));
    const withReact = chunks.filter(([, o]) =>
      Object.keys(o.inputs).some((i) => i.endsWith('node_modules/react/cjs/react.production.js')),
    );
    expect(withReact, 'one chunk holds react').to.have.length(1);
    const picker = chunks.filter(([, o]) => Object.keys(o.inputs).includes('islands/locale-channel-picker.tsx'));
    expect(picker).to.have.length(1);
    expect(Object.keys(picker[0][1].inputs).some((i) => i.includes('react-dom'))).to.equal(false);
  });
});
